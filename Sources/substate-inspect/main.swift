import Foundation
import SubstateInspector

// substate-inspect: reads a Substate recording (JSON Lines) and prints its timeline, the
// state at a step, the diff between two steps, or a summary. See `Inspector`.

let output = Inspector.run(Array(CommandLine.arguments.dropFirst()))
FileHandle.standardOutput.write(Data(output.text.utf8))
FileHandle.standardError.write(Data(output.errors.utf8))
exit(output.status)
