/// How to make random values of a type, for a ``ProgramCheck``: the actions to send, their
/// payloads, how far to move a clock.
///
/// Build generators from the ones here and combine them:
///
/// ```swift
/// let title = Gen.string(of: "ab ", length: 0...3)
/// let actions = Gen.oneOf(
///     title.map(Todos.Action.create),
///     Gen.element(of: [1, 2, 3]).map { Todos.Action.destroy(id: $0) })
/// ```
///
/// A generator draws numbers from ``Choices`` and makes its value from them. A check shrinks
/// a failure by drawing again with fewer or smaller numbers, so every generator made from
/// these shrinks toward its simplest value: the first option of ``oneOf(_:)-(Gen<Value>?...)``, the lower
/// bound of a range, the shortest string made of the first characters, `nil`, `false`.
/// Put the simplest option first.
public struct Gen<Value> {
    private let body: (inout Choices) -> Value

    /// A generator from a function of the choices.
    /// - Parameter body: Makes a value from numbers drawn with ``Choices/draw(below:)``;
    ///   0 should give the simplest value.
    public init(_ body: @escaping (inout Choices) -> Value) {
        self.body = body
    }

    /// Makes a value.
    /// - Parameter choices: The choices to draw from.
    /// - Returns: The value.
    public func generate(_ choices: inout Choices) -> Value {
        body(&choices)
    }

    /// Always the same value.
    /// - Parameter value: The value.
    /// - Returns: A generator that draws nothing.
    public static func constant(_ value: Value) -> Gen {
        Gen { _ in value }
    }

    /// Values made from this generator's values.
    /// - Parameter transform: Makes the new value (an action's case from its payload).
    /// - Returns: The generator of the new values.
    public func map<T>(_ transform: @escaping (Value) -> T) -> Gen<T> {
        Gen<T> { transform(body(&$0)) }
    }

    /// Values made by a generator chosen from this generator's value.
    /// - Parameter next: The generator to use for a value.
    /// - Returns: The generator of its values.
    public func flatMap<T>(_ next: @escaping (Value) -> Gen<T>) -> Gen<T> {
        Gen<T> { choices in
            let value = body(&choices)
            return next(value).generate(&choices)
        }
    }

    /// A value from one of several generators, each about as likely; `nil` entries are never
    /// chosen, so that an option can depend on the state (`state.list.isEmpty ? nil : toggle`).
    /// See `weighted(_:)` for how a `nil` entry's share is spread.
    /// - Parameter generators: The options; the first one that is not `nil` is the simplest.
    /// - Returns: The generator.
    /// - Precondition: At least one option is not `nil`.
    public static func oneOf(_ generators: Gen?...) -> Gen {
        oneOf(generators)
    }

    /// A value from one of the generators in an array, each about as likely: for options made
    /// from the state, which come as an array (`state.rows.map { row in … }`); `nil` entries
    /// are never chosen. See ``oneOf(_:)-(Gen<Value>?...)``.
    /// - Parameter generators: The options; the first one that is not `nil` is the simplest.
    /// - Returns: The generator.
    /// - Precondition: At least one option is not `nil`.
    public static func oneOf(_ generators: [Gen?]) -> Gen {
        weighted(generators.map { (1, $0) })
    }

    /// A value from one of several generators, chosen in proportion to their weights;
    /// entries with a `nil` generator or a weight of 0 are never chosen.
    ///
    /// An option that is `nil` keeps its share of the numbers drawn, which go to the options
    /// left in: so the same number picks the same option whenever that option is offered, and
    /// a shrunk sequence whose earlier steps changed the state still takes the steps it took.
    /// - Parameter options: Weights and generators; the first one left in is the simplest.
    /// - Returns: The generator.
    /// - Precondition: At least one option is left in.
    public static func weighted(_ options: (Int, Gen?)...) -> Gen {
        weighted(options)
    }

    /// A value from one of several generators, chosen in proportion to their weights, given
    /// as an array; see the variadic `weighted(_:)`.
    /// - Parameter options: Weights and generators; the first one left in is the simplest.
    /// - Returns: The generator.
    /// - Precondition: At least one option is left in.
    public static func weighted(_ options: [(Int, Gen?)]) -> Gen {
        let all = options.map { (max(0, $0.0), $0.1) }.filter { $0.0 > 0 }
        let kept = all.compactMap { weight, gen in gen.map { (weight, $0) } }
        // fatalError, not a precondition: an optimised build would stop without the message.
        if kept.isEmpty {
            fatalError("Gen.oneOf/weighted: no option left (all nil or of weight 0)")
        }
        if all.count == 1 { return kept[0].1 }
        let total = UInt64(all.reduce(0) { $0 + $1.0 })
        let keptTotal = kept.reduce(0) { $0 + $1.0 }
        func option(_ pick: Int, in options: [(Int, Gen?)]) -> Gen? {
            var pick = pick
            for (weight, gen) in options {
                if pick < weight { return gen }
                pick -= weight
            }
            return nil
        }
        return Gen { choices in
            let pick = Int(choices.draw(below: total))
            let chosen =
                option(pick, in: all) ?? option(pick % keptTotal, in: kept.map { ($0.0, $0.1) })
            return (chosen ?? kept[0].1).generate(&choices)
        }
    }

    /// An element of a collection, the first one being the simplest.
    /// - Parameter elements: The elements to choose from.
    /// - Returns: The generator.
    /// - Precondition: `elements` is not empty.
    public static func element<C: Collection>(of elements: C) -> Gen where C.Element == Value {
        let all = Array(elements)
        if all.isEmpty { fatalError("Gen.element(of:) needs at least one element") }
        return Gen { all[Int($0.draw(below: UInt64(all.count)))] }
    }

    /// `nil` or a value, each as likely; `nil` is the simplest.
    public var optional: Gen<Value?> {
        Gen<Value?> { choices in
            choices.draw(below: 2) == 0 ? nil : body(&choices)
        }
    }

    /// Arrays of values; the shortest is the simplest.
    /// - Parameter count: How many values.
    /// - Returns: The generator.
    public func array(count: ClosedRange<Int>) -> Gen<[Value]> {
        let lower = max(0, count.lowerBound)
        let span = UInt64(max(lower, count.upperBound) - lower + 1)
        return Gen<[Value]> { choices in
            let length = lower + Int(choices.draw(below: span))
            return (0..<length).map { _ in body(&choices) }
        }
    }
}

extension Gen where Value == Int {
    /// An integer in a range; the lower bound is the simplest.
    /// - Parameter range: The range.
    /// - Returns: The generator.
    public static func int(in range: ClosedRange<Int>) -> Gen {
        let span = UInt64(bitPattern: Int64(range.upperBound &- range.lowerBound)) &+ 1
        return Gen { choices in
            // The full range of Int has 2^64 values, one more than a bound can say.
            let offset = span == 0 ? choices.draw(below: .max) : choices.draw(below: span)
            return range.lowerBound &+ Int(truncatingIfNeeded: offset)
        }
    }
}

extension Gen where Value == Bool {
    /// `false` or `true`, each as likely; `false` is the simplest.
    public static var bool: Gen {
        Gen { $0.draw(below: 2) == 1 }
    }
}

extension Gen where Value: CaseIterable {
    /// Any case of a `CaseIterable` type, the first case being the simplest.
    public static var anyCase: Gen {
        element(of: Value.allCases)
    }
}

extension Gen where Value == String {
    /// Strings made of the given characters; the shortest, of the first character, is the
    /// simplest.
    /// - Parameters:
    ///   - characters: The characters to use; lower-case `a` to `e` and a space by default.
    ///   - length: How many characters.
    /// - Returns: The generator.
    public static func string(of characters: String = "abcde ", length: ClosedRange<Int> = 0...8)
        -> Gen
    {
        Gen<Character>.element(of: characters).array(count: length).map { String($0) }
    }
}

extension Gen where Value == Duration {
    /// Durations from zero up to a limit, in whole steps; zero is the simplest.
    /// - Parameters:
    ///   - limit: The longest duration.
    ///   - step: The steps durations are made of.
    /// - Returns: The generator.
    public static func duration(upTo limit: Duration, step: Duration) -> Gen {
        if step <= .zero { fatalError("Gen.duration(upTo:step:) needs a positive step") }
        let steps = UInt64(max(0, Int64(limit / step))) + 1
        return Gen { step * Int($0.draw(below: steps)) }
    }
}
