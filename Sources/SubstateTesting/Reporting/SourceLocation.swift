/// Where in a test something was asked for: the place failures are reported.
struct Location: Sendable {
    var fileID: StaticString
    var filePath: StaticString
    var line: UInt
    var column: UInt
}
