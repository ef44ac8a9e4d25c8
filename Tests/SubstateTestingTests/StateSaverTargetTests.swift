import Foundation
import Substate
import SubstateTesting
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a saver and an atomic write do when the saved file's path is a symbolic link, or
/// names something that is not a regular file: a link is followed, anything else is refused
/// and left as it is.
@MainActor
@Suite struct StateSaverTargetTests {
    let folder = Folder()
    let clock = TestClock()
    let scheduler = TestScheduler()
    let reports = Reports()

    init() {
        clock.attach(scheduler)
    }

    func makeSaver(file: URL) -> StateSaver<Workspace, Preferences> {
        StateSaver(
            file: file, part: Lens(\Workspace.preferences), version: 1,
            timing: .immediate, clock: clock, executor: scheduler, filePermissions: 0o600,
            migrate: nil, onError: reports.handler, atomicFile: AtomicFile())
    }

    func save(_ title: String, through saver: StateSaver<Workspace, Preferences>) {
        let store = Store(
            state: Workspace(), environment: (), update: Workspace.update,
            middleware: [saver.middleware()])
        store.send(.rename(title))
        scheduler.run()
    }

    func kind(of url: URL) -> mode_t {
        var info = stat()
        #expect(lstat(url.path, &info) == 0)
        return info.st_mode & S_IFMT
    }

    /// A settings file linked into a dotfiles folder: the file it names changes, the link stays.
    @Test func aSaveThroughASymbolicLinkReplacesTheFileItNames() throws {
        let dotfiles = folder.url.appendingPathComponent("dotfiles")
        try FileManager.default.createDirectory(at: dotfiles, withIntermediateDirectories: false)
        let real = dotfiles.appendingPathComponent("preferences.json")
        try Data("{}".utf8).write(to: real)
        try FileManager.default.createSymbolicLink(
            atPath: folder.file.path, withDestinationPath: "dotfiles/preferences.json")
        save("Linked", through: makeSaver(file: folder.file))
        #expect(reports.all.isEmpty)
        #expect(kind(of: folder.file) == S_IFLNK)
        let saved = try String(contentsOf: real, encoding: .utf8)
        #expect(saved.contains("Linked"))
        // The temporary file was made beside the real one, and nothing is left of it.
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: dotfiles.path) == [
                "preferences.json"
            ])
    }

    @Test func aChainOfLinksIsFollowedToItsEndAndADanglingEndIsCreated() throws {
        let real = folder.url.appendingPathComponent("real.json")
        let middle = folder.url.appendingPathComponent("middle.json")
        try FileManager.default.createSymbolicLink(
            atPath: middle.path, withDestinationPath: real.path)
        try FileManager.default.createSymbolicLink(
            atPath: folder.file.path, withDestinationPath: "middle.json")
        #expect(try AtomicFile.target(of: folder.file) == real)
        save("Created", through: makeSaver(file: folder.file))
        #expect(reports.all.isEmpty)
        #expect(kind(of: folder.file) == S_IFLNK)
        #expect(kind(of: middle) == S_IFLNK)
        #expect(try String(contentsOf: real, encoding: .utf8).contains("Created"))
    }

    @Test func linksThatLoopAreRefused() throws {
        let other = folder.url.appendingPathComponent("other.json")
        try FileManager.default.createSymbolicLink(
            atPath: folder.file.path, withDestinationPath: other.path)
        try FileManager.default.createSymbolicLink(
            atPath: other.path, withDestinationPath: folder.file.path)
        #expect(throws: AtomicFileError.self) { try AtomicFile.target(of: folder.file) }
        save("Looped", through: makeSaver(file: folder.file))
        #expect(
            reports.all.first?.description.contains("too many levels of symbolic links") == true)
        #expect(kind(of: folder.file) == S_IFLNK)
    }

    /// A FIFO stands in for a device: renaming over either would replace it.
    @Test func aSaveToAFIFOIsRefusedAndTheFIFOStays() throws {
        #expect(mkfifo(folder.file.path, 0o600) == 0)
        save("Piped", through: makeSaver(file: folder.file))
        #expect(kind(of: folder.file) == S_IFIFO)
        let report = try #require(reports.all.first).description
        #expect(report.contains("is a FIFO, not a regular file"), "\(report)")
        #expect(folder.names == ["preferences.json"])
    }

    @Test func aSaveThroughALinkToAFIFOIsRefusedAndNamesBoth() throws {
        let fifo = folder.url.appendingPathComponent("pipe")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        try FileManager.default.createSymbolicLink(
            atPath: folder.file.path, withDestinationPath: fifo.path)
        save("Piped", through: makeSaver(file: folder.file))
        #expect(kind(of: fifo) == S_IFIFO)
        let report = try #require(reports.all.first).description
        #expect(report.contains("links to \(fifo.path), which is a FIFO"), "\(report)")
    }

    @Test func aSaveToADirectoryIsRefusedAndTheDirectoryStays() throws {
        try FileManager.default.createDirectory(at: folder.file, withIntermediateDirectories: false)
        save("Nowhere", through: makeSaver(file: folder.file))
        #expect(kind(of: folder.file) == S_IFDIR)
        #expect(reports.all.first?.description.contains("is a directory") == true)
    }

    /// Only asks where a write would go: nothing is written near the machine's `/dev/null`.
    @Test func theNullDeviceIsRefusedAsATarget() {
        #expect {
            try AtomicFile.target(of: URL(fileURLWithPath: "/dev/null"))
        } throws: { error in
            "\(error)" == "/dev/null is a character device, not a regular file"
        }
    }

    /// A corrupt file reached through a link is kept aside beside itself; the link stays,
    /// and the next save writes a new file where the link points.
    @Test func aCorruptFileBehindALinkIsKeptAsideBesideItself() throws {
        let dotfiles = folder.url.appendingPathComponent("dotfiles")
        try FileManager.default.createDirectory(at: dotfiles, withIntermediateDirectories: false)
        let real = dotfiles.appendingPathComponent("preferences.json")
        try Data("this is not json".utf8).write(to: real)
        try FileManager.default.createSymbolicLink(
            atPath: folder.file.path, withDestinationPath: real.path)
        let saver = makeSaver(file: folder.file)
        #expect {
            try saver.load(into: Workspace())
        } throws: { error in
            guard case .corrupted(_, let keptAt, _) = error as? PersistenceError else {
                return false
            }
            return keptAt == dotfiles.appendingPathComponent("preferences.json.corrupt")
        }
        #expect(kind(of: folder.file) == S_IFLNK)
        let kept = dotfiles.appendingPathComponent("preferences.json.corrupt")
        #expect(try String(contentsOf: kept, encoding: .utf8) == "this is not json")
        save("Fresh", through: saver)
        #expect(try String(contentsOf: real, encoding: .utf8).contains("Fresh"))
        #expect(kind(of: folder.file) == S_IFLNK)
    }
}
