import SubstateTesting
import Testing

@Suite struct GenTests {
    /// Values drawn from zeros only: what every generator shrinks toward.
    func simplest<Value>(_ gen: Gen<Value>) -> Value {
        var choices = Choices(replaying: [])
        return gen.generate(&choices)
    }

    func values<Value>(_ gen: Gen<Value>, count: Int = 200) -> [Value] {
        var choices = Choices(seed: 3)
        return (0..<count).map { _ in gen.generate(&choices) }
    }

    @Test func zerosGiveTheSimplestValue() {
        #expect(simplest(.int(in: 3...9)) == 3)
        #expect(simplest(.bool) == false)
        #expect(simplest(.string(length: 0...5)) == "")
        #expect(simplest(.string(of: "xy", length: 2...5)) == "xx")
        #expect(simplest(.element(of: ["first", "second"])) == "first")
        #expect(simplest(Gen.int(in: 1...3).optional) == nil)
        #expect(simplest(.duration(upTo: .seconds(1), step: .milliseconds(10))) == .zero)
        #expect(simplest(Gen.oneOf(nil, .constant("a"), .constant("b"))) == "a")
        #expect(simplest(Gen.bool.array(count: 1...3)) == [false])
    }

    @Test func drawnValuesStayInTheirRangesAndCoverThem() {
        let ints = values(.int(in: -2...2))
        #expect(Set(ints) == [-2, -1, 0, 1, 2])
        let durations = values(.duration(upTo: .milliseconds(50), step: .milliseconds(10)))
        #expect(Set(durations) == Set((0...5).map { Duration.milliseconds($0 * 10) }))
        let strings = values(.string(of: "ab", length: 1...2))
        #expect(Set(strings) == ["a", "b", "aa", "ab", "ba", "bb"])
        #expect(Set(values(.int(in: Int.min...Int.max), count: 20)).count == 20)
    }

    @Test func weightsAreProportionalAndZeroWeightsNeverChosen() {
        let picks = values(
            Gen.weighted([(0, .constant("never")), (3, .constant("a")), (1, .constant("b"))]),
            count: 4_000)
        #expect(!picks.contains("never"))
        let share = Double(picks.filter { $0 == "a" }.count) / Double(picks.count)
        #expect(share > 0.7 && share < 0.8, "share of weight 3 of 4: \(share)")
    }

    /// Options made from the state come as an array, with or without the missing ones.
    @Test func optionsMadeFromTheStateAreGivenAsAnArray() {
        let rows = [1, 2, 3]
        let perRow = Gen.oneOf(rows.map { row in Gen.constant("row \(row)") })
        #expect(Set(values(perRow)) == ["row 1", "row 2", "row 3"])
        let someRows = Gen.oneOf(rows.map { row in row == 2 ? nil : Gen.constant(row) })
        #expect(Set(values(someRows)) == [1, 3])
        let byWeight = Gen.weighted(rows.map { row in (row == 1 ? 0 : 1, Gen.constant(row)) })
        #expect(Set(values(byWeight)) == [2, 3])
        #expect(simplest(byWeight) == 2)
    }

    @Test func aNumberPicksTheSameOptionWhetherOrNotOthersAreOffered() {
        let all = Gen.oneOf(.constant("a"), .constant("b"), .constant("c"))
        let withoutA = Gen.oneOf(nil, .constant("b"), .constant("c"))
        for number: UInt64 in [1, 2] {
            var first = Choices(replaying: [number])
            var second = Choices(replaying: [number])
            #expect(all.generate(&first) == withoutA.generate(&second))
        }
        // The share of the option not offered goes to the others.
        var choices = Choices(replaying: [0])
        #expect(withoutA.generate(&choices) == "b")
        #expect(Set(values(withoutA)) == ["b", "c"])
    }

    @Test func replayedChoicesTooLargeForTheirBoundAreTakenAsTheLargest() {
        var choices = Choices(replaying: [99, 1])
        #expect(Gen.int(in: 0...4).generate(&choices) == 4)
        #expect(Gen.bool.generate(&choices) == true)
        #expect(Gen.bool.generate(&choices) == false)  // past the end: zeros
    }

    @Test func theSameSeedDrawsTheSameValues() {
        var first = Choices(seed: 42)
        var second = Choices(seed: 42)
        let gen = Gen.string(length: 0...10)
        #expect(
            (0..<50).map { _ in gen.generate(&first) }
                == (0..<50).map { _ in gen.generate(&second) })
    }

    @Test func caseIterableValuesAndFlatMap() {
        enum Kind: CaseIterable { case small, large }
        #expect(simplest(Gen<Kind>.anyCase) == .small)
        #expect(Set(values(Gen<Kind>.anyCase)) == [.small, .large])
        let sized = Gen<Kind>.anyCase.flatMap { kind in
            kind == .small ? Gen.int(in: 0...9) : Gen.int(in: 100...109)
        }
        #expect(values(sized).allSatisfy { (0...9).contains($0) || (100...109).contains($0) })
    }
}

@Suite struct CheckStepTests {
    enum Inner: Sendable { case edit(String), toggle }
    enum Outer: Sendable {
        case row(id: Int, Inner)
        case wait(Duration)
        case note(String)
        case batch([Inner], [[Int]])
    }

    @Test func stepsReadAsSwiftWithInferredTypesLeftOut() {
        #expect(
            CheckStep<Outer>.send(.row(id: 2, .edit("a"))).swift
                == #".send(.row(id: 2, .edit("a")))"#)
        #expect(CheckStep<Outer>.send(.row(id: 1, .toggle)).swift == ".send(.row(id: 1, .toggle))")
        #expect(
            CheckStep<Outer>.send(.wait(.milliseconds(20))).swift
                == ".send(.wait(.milliseconds(20)))")
        #expect(CheckStep<Outer>.advance(.seconds(1)).swift == ".advance(.seconds(1))")
        #expect(
            CheckStep<Outer>.send(.batch([.toggle, .edit("[0]: x")], [[1, 2], []])).swift
                == #".send(.batch([.toggle, .edit("[0]: x")], [[1, 2], []]))"#)
        // Text in a string stays as it is, even when it looks like a type's member.
        #expect(
            CheckStep<Outer>.send(.note(#"Outer.note("\"x\"")"#)).swift
                == #".send(.note("Outer.note(\"\\\"x\\\"\")"))"#)
    }
}
