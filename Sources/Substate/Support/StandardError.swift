import Foundation

/// Writes one line to standard error. The one place the library prints.
func writeToStandardError(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
}
