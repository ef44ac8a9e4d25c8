import SubstateTesting
import XCTest

/// Under XCTest, a test store's failures are XCTest failures at the caller's file and line.
/// XCTest is the point of this test, so it is an `XCTestCase`.
final class XCTestReportingTests: XCTestCase {
    private var failures: [(description: String, file: String, line: Int)] = []
    private var isCapturing = false

    /// Runs `body`, taking the failures it records instead of failing the test. Failures of
    /// the assertions outside `body` still fail the test.
    private func capture(_ body: () -> Void) {
        isCapturing = true
        body()
        isCapturing = false
    }

    #if canImport(Darwin)
        override func record(_ issue: XCTIssue) {
            guard isCapturing else { return super.record(issue) }
            let location = issue.sourceCodeContext.location
            failures.append(
                (issue.compactDescription, location?.fileURL.path ?? "", location?.lineNumber ?? 0))
        }
    #else
        override func recordFailure(
            withDescription description: String, inFile filePath: String, atLine lineNumber: Int,
            expected: Bool
        ) {
            guard isCapturing else {
                return super.recordFailure(
                    withDescription: description, inFile: filePath, atLine: lineNumber,
                    expected: expected)
            }
            failures.append((description, filePath, lineNumber))
        }
    #endif

    @MainActor func testAStateMismatchIsAnXCTestFailureAtTheCallersLine() async {
        let store = makeSearchStore()
        let line = #line + 1
        capture { store.send(.tick) }  // changes the state without an assertion
        XCTAssertEqual(failures.count, 1)
        XCTAssertEqual(failures.first?.line, line)
        XCTAssertEqual(failures.first?.file.hasSuffix("XCTestReportingTests.swift"), true)
        XCTAssertEqual(failures.first?.description.contains("+   generation: 1"), true)
    }

    @MainActor func testARunningEffectIsReportedAtItsSend() async {
        let store = makeSearchStore()
        let line = #line + 1
        store.send(.pollTwice)
        capture { store.finish() }
        XCTAssertEqual(failures.map(\.line), [line])
        XCTAssertEqual(failures.first?.description.contains("still running"), true)
    }

    @MainActor func testAPassingTestRecordsNothing() async {
        let store = makeSearchStore()
        capture {
            store.send(.sendTwo)
            store.receive(.tick) { $0.generation = 1 }
            store.receive(.tick) { $0.generation = 2 }
            store.finish()
        }
        XCTAssertTrue(failures.isEmpty)
    }
}
