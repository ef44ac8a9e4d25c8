import Testing

@testable import Substate

/// The element lens of a ``KeyedArray`` stores its row address in an existential: an address
/// larger than the existential's three inline words would be boxed, one more allocation in
/// every update that routes an action to a row (debug builds make the address every time).
@Suite struct RowAddressLayoutTests {
    private struct Row: Identifiable, Equatable, Sendable {
        var id: Int
        var name: String
    }

    private struct Rows: Equatable, Sendable {
        var items: KeyedArray<Row>
    }

    @Test func aKeyedRowAddressFitsAnExistentialInline() {
        #expect(MemoryLayout<_KeyedRowAddress<Rows, Row>>.size <= 3 * MemoryLayout<Int>.size)
        let lens = OptionalLens<Rows, Row>.element(id: 1, in: \Rows.items)
        #expect(lens._row is _KeyedRowAddress<Rows, Row>)
    }
}
