import Foundation
import SearchCore
import StopwatchCore
import SubstateTesting
import Testing

/// Every sample as a person runs it: `--help` prints the usage and succeeds; bad arguments
/// get a message and the usage on standard error, and exit status 2, before anything runs.
@MainActor
@Suite struct SampleArgumentTests {
    nonisolated static let samples = [
        "countdown", "todos", "search", "stopwatch", "inbox", "contacts", "substate-inspect",
        "substate-benchmark",
    ]

    @Test(arguments: samples)
    func helpPrintsTheUsage(sample: String) throws {
        for flag in ["--help", "-h"] {
            let result = try Products.result(sample, [flag])
            #expect(result.status == 0, "\(sample) \(flag)")
            #expect(result.output.hasPrefix("usage: \(sample)"), "\(sample) \(flag)")
            #expect(result.errors.isEmpty, "\(sample) \(flag)")
        }
    }

    @Test(arguments: [
        ("countdown", ["abc"]), ("countdown", ["3", "abc"]), ("countdown", ["-1"]),
        ("countdown", ["3", "0"]), ("countdown", ["1", "2", "3"]),
        ("search", ["--pause", "abc"]), ("search", ["--pause", "-5"]), ("search", ["--pause"]),
        ("search", ["--type"]), ("search", ["--frobnicate"]),
        ("stopwatch", ["start", "fly"]), ("stopwatch", ["wait", "soon"]), ("stopwatch", ["wait"]),
        ("contacts", ["--latency"]), ("contacts", ["--latency", "-1"]), ("contacts", ["--fly"]),
        ("inbox", ["abc"]), ("inbox", ["9"]), ("inbox", ["100001"]), ("inbox", ["20", "30"]),
        ("substate-inspect", ["state", "file.jsonl", "five"]), ("substate-inspect", ["frob", "x"]),
        ("substate-benchmark", ["--frobnicate"]), ("substate-benchmark", ["--only"]),
    ])
    func badArgumentsAreRefused(sample: String, arguments: [String]) throws {
        let result = try Products.result(sample, arguments)
        #expect(result.status == 2)
        #expect(result.output.isEmpty, "nothing ran: \(result.output)")
        #expect(result.errors.contains("usage: \(sample)"))
        // A message says what was wrong before the usage repeats what is right.
        #expect(!result.errors.hasPrefix("usage:"), "no message: \(result.errors)")
    }

    @Test func countingDownFromZeroLiftsOffAtOnce() throws {
        let result = try Products.result("countdown", ["0", "10"])
        #expect(result.status == 0)
        #expect(result.output == "0…\nLiftoff!\n")
    }

    @Test func aLapAfterWaitingCountsEveryTickDueByThen() throws {
        // README's example: the tick due at exactly 500 ms is counted, every run.
        for _ in 0..<3 {
            let result = try Products.result("stopwatch", ["start", "wait", "500", "lap", "stop"])
            #expect(result.status == 0)
            #expect(result.output.contains("lap: running at 0.5 s, lap 1 took 0.5 s\n"))
        }
    }

    @Test func searchSaysWhenNothingMatches() throws {
        let result = try Products.result("search", ["--type", "zzz", "--pause", "0"])
        #expect(result.status == 0)
        #expect(result.output.hasSuffix("results for \"zzz\": no matches\n"))
    }

    @Test func aStoppedStopwatchRecordsNoLap() throws {
        let store = TestStore(
            state: Stopwatch(), environment: Stopwatch.Environment(clock: TestClock()),
            update: Stopwatch.update)
        store.send(.lap)
        store.send(.start) { $0.isRunning = true }
        store.send(.stop) { $0.isRunning = false }
        store.send(.lap)

        let result = try Products.result("stopwatch", ["start", "stop", "lap"])
        #expect(result.status == 0)
        #expect(result.output.hasSuffix("lap: stopped at 0.0 s, no lap while stopped\n"))
    }
}
