import Foundation
import Testing

@testable import Substate

@Suite struct InternalChecksTests {
    /// The library's invariant checks are on exactly when the environment asks for them
    /// (`Package.swift` reads `SUBSTATE_INTERNAL_CHECKS`): CI's sanitizer runs set it, and
    /// a plain `swift test` runs the code that ships.
    @Test func internalChecksFollowTheEnvironment() {
        let asked = ProcessInfo.processInfo.environment["SUBSTATE_INTERNAL_CHECKS"] != nil
        #expect(_isInternalCheckingEnabled == asked)
    }
}

@Suite struct UpdateLayoutTests {
    struct EndsInBool: Equatable { var count = 0, flag = false }
    struct Empty: Equatable {}
    struct Odd: Equatable { var a: UInt8 = 0, b: UInt16 = 0, c: UInt8 = 0 }
    struct Wide: Equatable { var values: [Int] = [], name = "", a: UInt8 = 0 }

    /// A store moves an update's state and effect out by offsets: they must be where the
    /// compiler lays them out, for states of every shape.
    @Test func anUpdatesFieldsAreWhereUnpackReadsThem() {
        func check<S>(_: S.Type) {
            #expect(MemoryLayout<Update<S, Int>>.offset(of: \.state) == 0)
            #expect(
                MemoryLayout<Update<S, Int>>.offset(of: \.effect) == Update<S, Int>._effectOffset)
        }
        check(Int.self)
        check(Bool.self)
        check(UInt8.self)
        check(EndsInBool.self)
        check(Empty.self)
        check(Odd.self)
        check(Wide.self)
        check((Int8, Int64, Bool).self)
        check(String?.self)
        check(Double.self)
    }

    /// Moved out, the state keeps its storage: an array is not copied.
    @Test func unpackMovesTheStateAndTheEffect() {
        var array = [1, 2, 3]
        array.reserveCapacity(100)
        let storage = array.withUnsafeBufferPointer { $0.baseAddress }
        let target = UnsafeMutablePointer<EndsInBoolArray>.allocate(capacity: 1)
        defer { target.deinitialize(count: 1).deallocate() }
        let effect = unpack(
            {
                Update<EndsInBoolArray, Int>(
                    state: EndsInBoolArray(values: array, flag: true), effect: .send(7))
            },
            stateInto: target)
        array = []
        #expect(target.pointee.flag)
        #expect(target.pointee.values == [1, 2, 3])
        #expect(target.pointee.values.withUnsafeBufferPointer { $0.baseAddress } == storage)
        #expect(!effect.isNone)
    }

    struct EndsInBoolArray { var values: [Int]; var flag: Bool }
}
