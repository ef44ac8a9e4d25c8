import Testing
import XCTest

/// Reports a test failure where the user looks: as a recorded issue under Swift Testing, as
/// a failure under XCTest, at the given location.
func fail(_ message: String, at location: Location) {
    if Test.current != nil {
        Issue.record(
            Comment(rawValue: message),
            sourceLocation: SourceLocation(
                fileID: String(describing: location.fileID),
                filePath: String(describing: location.filePath),
                line: Int(location.line),
                column: Int(location.column)
            )
        )
    } else {
        XCTFail(message, file: location.filePath, line: location.line)
    }
}
