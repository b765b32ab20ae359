#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

enum StandardStreams {
    static func write(_ fd: Int32, _ s: String) {
        var s = s
        // EPIPE and friends: the reader is gone; nothing useful to do.
        s.withUTF8 { _ = writeAll(fd, UnsafeRawBufferPointer($0)) }
    }

    /// Writes all of `bytes`; false when that failed (EPIPE: the reader is gone).
    @discardableResult
    static func write(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { writeAll(fd, $0) }
    }

    private static func writeAll(_ fd: Int32, _ buf: UnsafeRawBufferPointer) -> Bool {
        guard let base = buf.baseAddress else { return true }
        var off = 0
        while off < buf.count {
            let r = Glibc_write(fd, base + off, buf.count - off)
            if r < 0 {
                if errno == EINTR { continue }
                return false
            }
            off += r
        }
        return true
    }

    static func readAll(_ fd: Int32) -> [UInt8] {
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let r = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress!, 65536) }
            if r < 0 {
                if errno == EINTR { continue }
                break
            }
            if r == 0 { break }
            out.append(contentsOf: chunk[0..<r])
        }
        return out
    }

    static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) != 0 }
}

@inline(__always)
private func Glibc_write(_ fd: Int32, _ p: UnsafeRawPointer, _ n: Int) -> Int {
    #if canImport(Glibc)
    return Glibc.write(fd, p, n)
    #else
    return Darwin.write(fd, p, n)
    #endif
}

enum Environment {
    static func get(_ name: String) -> String? {
        guard let v = getenv(name) else { return nil }
        return String(cString: v)
    }
}
