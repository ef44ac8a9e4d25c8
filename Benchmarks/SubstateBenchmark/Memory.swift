import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The process's memory: resident now, and the peak so far.
struct Memory {
    var residentBytes: Int
    var peakBytes: Int

    static func current() -> Memory {
        var usage = rusage()
        #if canImport(Glibc)
            getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        #else
            getrusage(RUSAGE_SELF, &usage)
        #endif
        #if canImport(Darwin)
            let peak = Int(usage.ru_maxrss)  // bytes on Darwin
        #else
            let peak = Int(usage.ru_maxrss) * 1024  // kilobytes on Linux
        #endif
        return Memory(residentBytes: resident() ?? peak, peakBytes: peak)
    }

    /// Resident memory from `/proc/self/statm` where there is one.
    private static func resident() -> Int? {
        #if os(Linux)
            guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8)
            else { return nil }
            let fields = text.split(separator: " ")
            guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
            return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
        #else
            return nil
        #endif
    }

    static func megabytes(_ bytes: Int) -> String {
        format(Double(bytes) / 1_048_576) + " MB"
    }
}
