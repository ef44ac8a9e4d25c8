import Foundation

/// Finds the text of one member of a JSON object without parsing it: how ``RecordingFile``
/// keeps an action's or a state's JSON as written, instead of decoding and encoding it again
/// (which took three quarters of the time to read a long recording).
///
/// It expects a line already known to be a JSON object (the reader parses each line first),
/// and skips over nested values by counting brackets outside strings.
enum JSONMemberScanner {
    /// The bytes of the value of `key` in the top-level object `line`, or `nil` if the object
    /// has no such member (or is not an object). The key is compared as written, so it must be
    /// one without escapes.
    static func value(of key: String, in line: Data) -> Data? {
        let wanted = Array(key.utf8)
        return line.withUnsafeBytes { raw -> Data? in
            let bytes = raw.bindMemory(to: UInt8.self)
            var index = 0
            skipSpace(bytes, &index)
            guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else { return nil }
            index += 1
            while true {
                skipSpace(bytes, &index)
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
                let keyStart = index + 1
                guard skipString(bytes, &index) else { return nil }
                let keyEnd = index - 1
                skipSpace(bytes, &index)
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
                index += 1
                skipSpace(bytes, &index)
                let valueStart = index
                guard skipValue(bytes, &index) else { return nil }
                if keyEnd - keyStart == wanted.count,
                    wanted.indices.allSatisfy({ bytes[keyStart + $0] == wanted[$0] })
                {
                    return Data(UnsafeRawBufferPointer(rebasing: raw[valueStart..<index]))
                }
                skipSpace(bytes, &index)
                guard index < bytes.count, bytes[index] == UInt8(ascii: ",") else { return nil }
                index += 1
            }
        }
    }

    private static func skipSpace(_ bytes: UnsafeBufferPointer<UInt8>, _ index: inout Int) {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    /// Skips a string that starts at `index`; `false` if it does not end.
    private static func skipString(_ bytes: UnsafeBufferPointer<UInt8>, _ index: inout Int) -> Bool
    {
        index += 1
        while index < bytes.count {
            let byte = bytes[index]
            index += byte == UInt8(ascii: "\\") ? 2 : 1
            if byte == UInt8(ascii: "\"") { return true }
        }
        return false
    }

    /// Skips one value (a string, an object, an array or a scalar) that starts at `index`.
    private static func skipValue(_ bytes: UnsafeBufferPointer<UInt8>, _ index: inout Int) -> Bool {
        guard index < bytes.count else { return false }
        switch bytes[index] {
        case UInt8(ascii: "\""):
            return skipString(bytes, &index)
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "\""):
                    guard skipString(bytes, &index) else { return false }
                    continue
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 {
                        index += 1
                        return true
                    }
                default:
                    break
                }
                index += 1
            }
            return false
        default:
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x09, 0x0A,
                    0x0D:
                    return true
                default:
                    index += 1
                }
            }
            return true
        }
    }
}
