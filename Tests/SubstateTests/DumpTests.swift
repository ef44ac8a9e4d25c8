import Substate
import Testing

private struct Point: Equatable {
    var x: Int
    var y: Int
}

private enum Shape {
    case empty
    case circle(center: Point, radius: Double)
    case label(String)
}

private final class Node {
    var name: String
    var next: Node?

    init(name: String, next: Node? = nil) {
        self.name = name
        self.next = next
    }
}

@Suite struct DumpTests {
    @Test func structsPrintOneFieldPerLine() {
        #expect(Dump.text(of: Point(x: 1, y: 2)) == "Point(\n  x: 1,\n  y: 2\n)")
    }

    @Test func scalarsAndStrings() {
        #expect(Dump.text(of: 42) == "42")
        #expect(Dump.text(of: true) == "true")
        #expect(Dump.text(of: "a \"quote\"") == #""a \"quote\"""#)
        #expect(Dump.text(of: 1.5) == "1.5")
    }

    @Test func enumsPrintTheirCaseAndPayload() {
        #expect(Dump.text(of: Shape.empty) == "Shape.empty")
        #expect(Dump.text(of: Shape.label("hi")) == #"Shape.label("hi")"#)
        #expect(
            Dump.text(of: Shape.circle(center: Point(x: 0, y: 1), radius: 2))
                == """
                Shape.circle(
                  center: Point(
                    x: 0,
                    y: 1
                  ),
                  radius: 2.0
                )
                """)
    }

    @Test func typesNestedInGenericTypesKeepTheirDot() {
        #expect(Dump.name(of: AlertState<Int>.Button.Role.self) == "AlertState<Int>.Button.Role")
        #expect(
            Dump.text(of: AlertState<Int>.Button.Role.cancel)
                == "AlertState<Int>.Button.Role.cancel")
    }

    @Test func durationsPrintAsSwiftInTheirLargestExactUnit() {
        #expect(Dump.text(of: Duration.seconds(2)) == "Duration.seconds(2)")
        #expect(Dump.text(of: Duration.milliseconds(300)) == "Duration.milliseconds(300)")
        #expect(Dump.text(of: Duration.microseconds(-5)) == "Duration.microseconds(-5)")
        #expect(Dump.text(of: Duration.nanoseconds(7)) == "Duration.nanoseconds(7)")
        #expect(
            Dump.text(of: Duration(secondsComponent: 0, attosecondsComponent: 1))
                == "Duration(secondsComponent: 0, attosecondsComponent: 1)")
    }

    @Test func optionalsPrintTheirValueOrNil() {
        let none: Int? = nil
        #expect(Dump.text(of: none as Any) == "nil")
        #expect(Dump.text(of: Int?.some(3) as Any) == "3")
    }

    @Test func collectionsPrintIndicesAndSortedKeys() {
        #expect(Dump.text(of: [Int]()) == "[]")
        #expect(Dump.text(of: ["a", "b"]) == "[\n  [0]: \"a\",\n  [1]: \"b\"\n]")
        #expect(Dump.text(of: ["b": 2, "a": 1]) == "[\n  \"a\": 1,\n  \"b\": 2\n]")
        #expect(Dump.text(of: [String: Int]()) == "[:]")
        #expect(Dump.text(of: Set([3, 1, 2])) == "Set([\n  1,\n  2,\n  3\n])")
    }

    @Test func tuplesAndNestedTypes() {
        #expect(Dump.text(of: (1, name: "x")) == "(\n  1,\n  name: \"x\"\n)")
    }

    @Test func classesThatReferToThemselvesDoNotRecurseForever() {
        let node = Node(name: "a")
        node.next = Node(name: "b", next: node)
        let text = Dump.text(of: node)
        #expect(text.contains("Node(↩︎)"))
        #expect(text.contains("name: \"b\""))
        node.next = nil  // the cycle ends with the test (the address sanitizer checks leaks)
    }
}

@Suite struct DiffTests {
    @Test func equalValuesHaveNoDiff() {
        #expect(Diff.values(Point(x: 1, y: 2), Point(x: 1, y: 2)) == nil)
        #expect(Diff.lines("a\nb", "a\nb") == nil)
    }

    @Test func changedLinesAreMarkedExpectedMinusActualPlus() {
        let diff = Diff.values(Point(x: 1, y: 2), Point(x: 1, y: 3))
        #expect(diff == "  Point(\n    x: 1,\n-   y: 2\n+   y: 3\n  )")
    }

    @Test func onlyTheChangedPartsShowWithSomeContext() {
        let expected = (0..<20).map(String.init).joined(separator: "\n")
        let actual = expected.replacing("10", with: "ten")
        let diff = Diff.lines(expected, actual, context: 1)
        #expect(diff == "  …\n  9\n- 10\n+ ten\n  11\n  …")
    }

    @Test func insertionsAndRemovals() {
        #expect(Diff.lines("a\nb\nc", "a\nc") == "  a\n- b\n  c")
        #expect(Diff.lines("a\nc", "a\nb\nc") == "  a\n+ b\n  c")
    }
}

private enum Outer {
    enum Inner: Sendable { case one }
    struct Generic<Value> {}
}

@Suite struct DumpTypeNameTests {
    @Test func nestedTypesAreNamedInFullWithoutTheirModule() {
        #expect(Dump.name(of: Outer.Inner.self) == "Outer.Inner")
        #expect(Dump.name(of: Int.self) == "Int")
        #expect(Dump.name(of: Outer.Generic<Outer.Inner>.self) == "Outer.Generic<Outer.Inner>")
        #expect(Dump.name(of: [String: Outer.Inner].self) == "Dictionary<String, Outer.Inner>")
        #expect(Dump.name(of: (Int, Outer.Inner).self) == "(Int, Outer.Inner)")
        struct Local {
            enum Action {}
        }
        #expect(Dump.name(of: Local.Action.self) == "Local.Action")
    }

    @Test func anEnumCaseIsPrintedWithItsFullType() {
        #expect(Dump.text(of: Outer.Inner.one) == "Outer.Inner.one")
    }
}
