import Foundation
import Substate

extension Inspector {
    /// `html FILE [-o PAGE]`: writes the time-travel page.
    static func html(_ arguments: [String]) -> Output {
        let parsed: Arguments
        switch Arguments.parse(arguments, options: ["-o"]) {
        case .success(let value): parsed = value
        case .failure(let error): return usageError(error.message)
        }
        let file = URL(fileURLWithPath: parsed.file)
        let recording: RecordingFile
        switch read(file) {
        case .success(let read): recording = read
        case .failure(let failure): return failure.output
        }
        let problems = warnings(recording)
        let page = self.page(recording, name: file.lastPathComponent)
        let target =
            parsed.value("-o") ?? file.deletingPathExtension().appendingPathExtension("html").path
        if target == "-" { return Output(text: page, errors: problems, status: 0) }
        let output = URL(fileURLWithPath: target)
        guard output.standardizedFileURL != file.standardizedFileURL else {
            return usageError("the page would overwrite the recording; name another with -o")
        }
        if let failure = write(page, to: output) {
            return Output(text: "", errors: problems + failure, status: 1)
        }
        let damaged =
            recording.problems.isEmpty ? "" : ", \(recording.problems.count) damaged lines"
        return Output(
            text: "wrote \(output.path) (\(lastStep(recording)) steps\(damaged))\n",
            errors: problems, status: 0)
    }

    /// `test FILE …`: writes the Swift Testing file that replays the recording.
    static func test(_ arguments: [String]) -> Output {
        let parsed: Arguments
        switch Arguments.parse(
            arguments,
            options: [
                "-o", "--import", "--program", "--state", "--action", "--update", "--environment",
                "--name",
            ])
        {
        case .success(let value): parsed = value
        case .failure(let error): return usageError(error.message)
        }
        if let refusal = refusal(of: parsed) { return usageError(refusal) }
        let types: ReplayTest.Types
        if let program = parsed.value("--program") {
            guard parsed.value("--state") == nil, parsed.value("--action") == nil else {
                return usageError("give either --program or --state and --action, not both")
            }
            types = ReplayTest.Types(
                state: program + ".State", action: program + ".Action",
                update: parsed.value("--update") ?? program,
                isProgram: parsed.value("--update") == nil)
        } else if let state = parsed.value("--state"), let action = parsed.value("--action") {
            types = ReplayTest.Types(
                state: state, action: action, update: parsed.value("--update") ?? state + ".update")
        } else {
            return usageError(
                "name the program's types: --program TYPE, or --state TYPE and --action TYPE")
        }
        let file = URL(fileURLWithPath: parsed.file)
        if let target = parsed.value("-o"), target != "-",
            URL(fileURLWithPath: target).standardizedFileURL == file.standardizedFileURL
        {
            return usageError("the test would overwrite the recording; name another with -o")
        }
        let recording: RecordingFile
        switch read(file) {
        case .success(let read): recording = read
        case .failure(let failure): return failure.output
        }
        guard let data = try? FileContents.read(file) else {
            return Output(text: "", errors: "error: cannot read \(file.path) again\n", status: 1)
        }
        var problems = warnings(recording)
        if let last = recording.actions.last?.step, recording.snapshots.last?.step != last {
            let checked = recording.snapshots.last?.step ?? 0
            problems +=
                "warning: the recording has no snapshot at its last step (\(last)): the test "
                + "checks the states up to step \(checked) and replays the rest unchecked; record "
                + "with snapshotInterval: 1 to check every step\n"
        }
        let test = ReplayTest(
            recording: recording, data: data,
            fileName: file.lastPathComponent, types: types,
            environment: parsed.value("--environment") ?? "()",
            imports: parsed.values("--import"),
            suite: parsed.value("--name"),
            command: (["substate-inspect", "test", file.lastPathComponent]
                + parsed.flags.filter { $0.name != "-o" }.flatMap { [$0.name, $0.value] }))
        let source = test.source()
        guard let target = parsed.value("-o"), target != "-" else {
            return Output(text: source, errors: problems, status: 0)
        }
        if let failure = write(source, to: URL(fileURLWithPath: target)) {
            return Output(text: "", errors: problems + failure, status: 1)
        }
        return Output(
            text: "wrote \(target) (\(recording.actions.count) actions, "
                + "\(recording.snapshots.count) snapshots checked)\n",
            errors: problems, status: 0)
    }

    /// What is wrong with the names `test` would write into Swift code, if anything.
    static func refusal(of parsed: Arguments) -> String? {
        for (name, value) in parsed.flags {
            switch name {
            case "--name" where !SwiftNames.isIdentifier(value):
                return "--name must be a Swift identifier (letters, digits and _): \(value)"
            case "--import" where !SwiftNames.isModuleName(value):
                return "--import must be a module name: \(value)"
            case "--program", "--state", "--action":
                guard SwiftNames.isTypeName(value) else {
                    return "\(name) must be a Swift type name (such as App or App.State): \(value)"
                }
            case "--update" where !SwiftNames.isFunctionReference(value):
                return "--update must name a function (such as App.update): \(value)"
            case "--environment" where !SwiftNames.isOneExpression(value):
                return
                    "--environment must be one Swift expression on one line, its brackets "
                    + "closed: \(value)"
            default: continue
            }
        }
        return nil
    }

    /// Writes a command's output file; returns the error line if it could not.
    static func write(_ text: String, to url: URL) -> String? {
        let folder = url.deletingLastPathComponent()
        var isDirectory: ObjCBool = false
        let reason: String
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory),
            isDirectory.boolValue
        {
            reason = "it is a directory"
        } else if !FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory) {
            reason = "the folder \(folder.path) does not exist"
        } else if !isDirectory.boolValue {
            reason = "\(folder.path) is not a folder"
        } else {
            do {
                try AtomicFile().write(Data(text.utf8), to: url, newFileMode: 0o644)
                return nil
            } catch {
                // A device or a FIFO is refused, not replaced: say how to reach standard output.
                let special = (try? AtomicFile.target(of: url)) == nil
                reason =
                    String(describing: error) + (special ? " (-o - writes to standard output)" : "")
            }
        }
        return "error: cannot write \(url.path): \(reason)\n"
    }

    static func usageError(_ message: String) -> Output {
        Output(text: "", errors: "error: \(message)\n" + usage + "\n", status: 2)
    }

    /// A command's arguments: one file, and options that each take a value.
    struct Arguments {
        struct Failure: Error {
            var message: String
        }

        var file: String
        /// The options in the order given (so that a generated file can repeat its command).
        var flags: [(name: String, value: String)]

        func value(_ name: String) -> String? {
            flags.last { $0.name == name }?.value
        }

        func values(_ name: String) -> [String] {
            flags.filter { $0.name == name }.map(\.value)
        }

        static func parse(_ arguments: [String], options: Set<String>) -> Result<
            Arguments, Failure
        > {
            var file: String?
            var flags: [(name: String, value: String)] = []
            var index = 0
            while index < arguments.count {
                let argument = arguments[index]
                if argument.hasPrefix("-"), argument != "-" {
                    guard options.contains(argument) else {
                        return .failure(Failure(message: "unknown option \(argument)"))
                    }
                    guard index + 1 < arguments.count else {
                        return .failure(Failure(message: "\(argument) needs a value"))
                    }
                    flags.append((argument, arguments[index + 1]))
                    index += 2
                } else {
                    guard file == nil else {
                        return .failure(Failure(message: "one recording at a time: \(argument)"))
                    }
                    file = argument
                    index += 1
                }
            }
            guard let file else { return .failure(Failure(message: "no recording named")) }
            return .success(Arguments(file: file, flags: flags))
        }
    }
}
