import NoReflectionFixture
import TestSupport
import Testing

@testable import Substate

/// A nested enum, as a payload.
private enum Inner: Equatable, Sendable {
    case on(Int)
    case off
}

private enum Wrapper<Value: Equatable & Sendable>: Equatable, Sendable {
    case value(Value)
    case values(Value, Value)
    case nothing
}

private protocol Tagged: Sendable {}
extension Int: Tagged {}
extension String: Tagged {}

/// Every case shape Swift has, beside one another in one enum. (Cases that share a base
/// name cannot be told apart by a pattern match: Swift reports it ambiguous.)
private enum Shape: Sendable {
    case plain(Int)
    case labeled(id: Int)
    case pair(Int, String)
    case labeledPair(from: Int, to: Int)
    case same(x: Int)
    case same(y: Int)
    case same(z: String)
    case nested(Inner)
    case generic(Wrapper<Int>)
    case optional(Int?)
    case existential(any Tagged)
    indirect case boxed(Shape)
    indirect case boxedLabeled(id: Int)
    case none

    /// A description to compare values by (`any Tagged` makes the enum not `Equatable`).
    var text: String { String(reflecting: self) }
}

/// A random value of ``Shape``, and what it was made of: the case's number among the
/// probes' shapes, and its payload.
private struct Sample {
    var value: Shape
    var shape: Int
    var payload: Any

    static let shapes = [
        "plain", "labeled", "pair", "labeledPair", "same(x:)", "same(y:)", "same(z:)", "nested",
        "generic", "optional", "existential", "boxed", "boxedLabeled", "none",
    ]

    static func random(using random: inout SplitMix, depth: Int = 0) -> Sample {
        let number = Int.random(in: -3...3, using: &random)
        let text = ["", "a", "a text longer than fifteen bytes"].randomElement(using: &random)!
        let shape = Int.random(in: 0..<shapes.count, using: &random)
        switch shape {
        case 0: return Sample(value: .plain(number), shape: shape, payload: number)
        case 1: return Sample(value: .labeled(id: number), shape: shape, payload: number)
        case 2: return Sample(value: .pair(number, text), shape: shape, payload: (number, text))
        case 3:
            return Sample(
                value: .labeledPair(from: number, to: -number), shape: shape,
                payload: (number, -number))
        case 4: return Sample(value: .same(x: number), shape: shape, payload: number)
        case 5: return Sample(value: .same(y: number), shape: shape, payload: number)
        case 6: return Sample(value: .same(z: text), shape: shape, payload: text)
        case 7:
            let inner: Inner = Bool.random(using: &random) ? .on(number) : .off
            return Sample(value: .nested(inner), shape: shape, payload: inner)
        case 8:
            let wrapper = [Wrapper.value(number), .values(number, 1), .nothing]
                .randomElement(using: &random)!
            return Sample(value: .generic(wrapper), shape: shape, payload: wrapper)
        case 9:
            let optional: Int? = Bool.random(using: &random) ? number : nil
            return Sample(value: .optional(optional), shape: shape, payload: optional as Any)
        case 10:
            let tagged: any Tagged = Bool.random(using: &random) ? number : text
            return Sample(value: .existential(tagged), shape: shape, payload: tagged)
        case 11 where depth < 2:
            let inner = Sample.random(using: &random, depth: depth + 1).value
            return Sample(value: .boxed(inner), shape: shape, payload: inner)
        case 12: return Sample(value: .boxedLabeled(id: number), shape: shape, payload: number)
        default: return Sample(value: .none, shape: 13, payload: ())
        }
    }
}

/// Reads of every case lens of ``Shape`` against what each random value was made of.
@Suite struct EnumCaseModelTests {
    /// One case lens: its reads and changes through reflection, and what they should give for
    /// a sample.
    fileprivate struct Probe {
        var name: String
        var read: (Shape) -> String?
        var expected: (Sample) -> String?
        var modify: (inout Shape) -> Bool
        var expectedModified: (Sample) -> Shape?
    }

    /// A probe of the case `embed` makes, whose shape is `shape` in ``Sample/shapes``.
    fileprivate static func probe<Part>(
        _ name: String, _ shape: Int, _ embed: @escaping @Sendable (Part) -> Shape,
        change: @escaping (inout Part) -> Void
    ) -> Probe {
        let lens = OptionalLens<Shape, Part>.case(embed)
        func part(_ sample: Sample) -> Part? {
            sample.shape == shape ? sample.payload as? Part : nil
        }
        return Probe(
            name: name,
            read: { lens.get($0).map { String(reflecting: $0) } },
            expected: { part($0).map { String(reflecting: $0) } },
            modify: { lens.modify(&$0, change) != nil },
            expectedModified: { sample in
                guard var part = part(sample) else { return nil }
                change(&part)
                return embed(part)
            })
    }

    fileprivate static var probes: [Probe] {
        [
            probe("plain", 0, Shape.plain) { $0 += 1 },
            probe("labeled", 1, Shape.labeled) { $0 += 1 },
            probe("pair", 2, Shape.pair) { $0.1 += "!" },
            probe("labeledPair", 3, Shape.labeledPair) { $0.0 += 1 },
            probe("same(x:)", 4, Shape.same(x:)) { $0 += 1 },
            probe("same(y:)", 5, Shape.same(y:)) { $0 += 1 },
            probe("same(z:)", 6, Shape.same(z:)) { $0 += "?" },
            probe("nested", 7, Shape.nested) { $0 = $0 == .off ? .on(0) : .off },
            probe("generic", 8, Shape.generic) { $0 = .values(7, 8) },
            probe("optional", 9, Shape.optional) { $0 = $0 == nil ? 1 : nil },
            probe("existential", 10, Shape.existential) { $0 = 42 },
            // A payload declared of a protocol type, asked for as one of the types it holds.
            probe("existential as Int", 10, { (number: Int) in Shape.existential(number) }) {
                $0 += 1
            },
            probe("boxed", 11, Shape.boxed) { $0 = .none },
            probe("boxedLabeled", 12, Shape.boxedLabeled) { $0 += 1 },
        ]
    }

    /// 5,000 random values, each read through every case lens and changed through each: every
    /// answer is what the value was made of, in every build (CI runs this in debug, release,
    /// and release under AddressSanitizer).
    @Test func everyCaseLensReadsWhatTheValueWasMadeOf() {
        var random = SplitMix(seed: 63)
        var reads = Array(repeating: 0, count: Sample.shapes.count)
        var found = Array(repeating: 0, count: Sample.shapes.count)
        var wrong: [String] = []
        let probes = Self.probes
        // 5,000: under the thread sanitizer a test that holds one of the pool's two threads
        // for long starves the effects of the tests beside it.
        for _ in 0..<5_000 {
            let sample = Sample.random(using: &random)
            for probe in probes {
                reads[sample.shape] += 1
                let expected = probe.expected(sample)
                if expected != nil { found[sample.shape] += 1 }
                if probe.read(sample.value) != expected, wrong.count < 10 {
                    wrong.append(
                        "\(probe.name) of \(sample.value.text): expected "
                            + String(describing: expected))
                }
                var changed = sample.value
                let didChange = probe.modify(&changed)
                let expectedChange = probe.expectedModified(sample)
                if didChange != (expectedChange != nil)
                    || changed.text != (expectedChange ?? sample.value).text, wrong.count < 10
                {
                    wrong.append(
                        "change \(probe.name) of \(sample.value.text) gave \(changed.text)")
                }
            }
        }
        #expect(wrong.isEmpty, "\(wrong)")
        let counts = zip(Sample.shapes, zip(reads, found)).map { "\($0) \($1.0)/\($1.1)" }
        print("case lenses, reads/matches per shape: " + counts.joined(separator: ", "))
        // Every shape was met, and every shape with a payload was found by its own lens.
        #expect(reads.allSatisfy { $0 > 0 })
        #expect(found.dropLast().allSatisfy { $0 > 0 }, "\(found)")
    }

    @Test func aCaseOfOneLabelledValueIsRead() {
        #expect(_EnumCase.payload(of: Shape.labeled(id: 4), case: Shape.labeled) == 4)
        #expect(_EnumCase.payload(of: Shape.plain(4), case: Shape.labeled) == nil)
        #expect(_EnumCase.isReadInPlace(Shape.labeled(id: 4), as: Int.self) == true)
        #expect(_EnumCase.payload(of: Shape.boxedLabeled(id: 5), case: Shape.boxedLabeled) == 5)
        #expect(ActionTag(Shape.labeled).extract(.labeled(id: 9)) == 9)
        let inProperty = OptionalLens<Holder, Int>.case(Shape.labeled, in: \.shape)
        #expect(inProperty.get(Holder(shape: .labeled(id: 3))) == 3)
    }

    @Test func casesThatShareABaseNameAreToldApart() {
        #expect(_EnumCase.payload(of: Shape.same(x: 1), case: Shape.same(x:)) == 1)
        #expect(_EnumCase.payload(of: Shape.same(x: 1), case: Shape.same(y:)) == nil)
        #expect(_EnumCase.payload(of: Shape.same(y: 2), case: Shape.same(y:)) == 2)
        #expect(_EnumCase.payload(of: Shape.same(y: 2), case: Shape.same(x:)) == nil)
        #expect(!_EnumCase.sameCase(Shape.same(x: 1), Shape.same(y: 1)))
        #expect(_EnumCase.sameCase(Shape.same(x: 1), Shape.same(x: 2)))
    }

    @Test func optionalIsAnEnumLikeAnyOther() {
        let some = OptionalLens<Int?, Int>.case(Optional.some)
        #expect(some.get(5) == 5)
        #expect(some.get(nil) == nil)
        var value: Int? = 1
        #expect(some.modify(&value) { $0 += 1 } != nil)
        #expect(value == 2)
        #expect(_EnumCase.payload(of: [1, 2] as [Int]?, case: Optional.some) == [1, 2])
        #expect(_EnumCase.sameCase(Int?.none, Int?.none))
        #expect(!_EnumCase.sameCase(Int?.none, Int?.some(0)))
    }

    /// Memory grows linearly in the cases learned: 1,000 enum types made at run time (a
    /// generic enum of arrays nested one deeper each time), each case learned once.
    @Test func learnedCasesTakeMemoryLinearInTheirNumber() {
        func learn<Element: Equatable & Sendable>(_ remaining: Int, _: Element.Type) {
            let empty: [Element] = []
            #expect(
                _EnumCase.payload(of: Wrapper.value(empty), case: Wrapper<[Element]>.value)
                    == empty)
            if remaining > 0 { learn(remaining - 1, [Element].self) }
        }
        let before = _EnumCase.learnedCount
        learn(1_000, Int.self)
        let after = _EnumCase.learnedCount
        #expect(after.cases - before.cases >= 1_000)
        // A slot is about 40 bytes on 64-bit platforms; at most four slots a case in the
        // newest table (it is half full at most, a quarter at least), and all the tables
        // before it together take less than the newest.
        #expect(after.bytes / after.cases < 8 * 48, "\(after)")
        print("learned cases: \(after.cases) in \(after.bytes) bytes of tables")
    }

    /// A case of an enum with a custom mirror is read where it lies, with no mirror.
    @Test func anEnumWithACustomMirrorIsReadInPlace() {
        #expect(_EnumCase.payload(of: Reflecting.one(1), case: Reflecting.one) == 1)
        #expect(_EnumCase.payload(of: Reflecting.two(1), case: Reflecting.one) == nil)
    }

    @Test func anIndirectCaseOfAnEnumWithACustomMirrorStopsWithAMessage() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            _ = _EnumCase.payload(of: Reflecting.boxed(1), case: Reflecting.boxed)
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("Reflecting has a custom mirror and indirect cases"), "\(message)")
    }
}

private enum Reflecting: CustomReflectable, Sendable {
    case one(Int)
    case two(Int)
    indirect case boxed(Int)
    var customMirror: Mirror { Mirror(self, children: [:]) }
}

private struct Holder: Sendable {
    var shape: Shape
}

/// Where reflection metadata is missing, a case lens stops the program with a message that
/// says what to write instead, in every build.
@Suite struct UnreflectedEnumTests {
    @Test func aCaseOfAnEnumWithoutReflectionMetadataStopsWithAMessage() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            _ = _EnumCase.payload(of: Unreflected.number(1), case: Unreflected.number)
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("Unreflected has no reflection metadata"), "\(message)")
        #expect(message.contains("extract:"), "\(message)")
    }

    /// Telling two cases apart needs no reflection metadata: the test store's receive does so.
    @Test func casesOfAnEnumWithoutReflectionMetadataAreToldApart() {
        #expect(_EnumCase.sameCase(Unreflected.number(1), Unreflected.number(2)))
        #expect(!_EnumCase.sameCase(Unreflected.number(1), Unreflected.text("1")))
    }
}
