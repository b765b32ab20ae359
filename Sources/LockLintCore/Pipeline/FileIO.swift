#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

public struct FileIOError: Error, Sendable, CustomStringConvertible {
    public var path: String
    public var reason: String
    public var description: String { "\(path): \(reason)" }
}

/// Plain POSIX file reading: one open, one fstat, reads into one buffer.
public enum FileIO {
    /// Files larger than this are refused with a clear message rather than read.
    public static let maxFileSize = 256 * 1024 * 1024

    public static func readFile(_ path: String) throws -> [UInt8] {
        let fd = open(path, O_RDONLY)
        if fd < 0 { throw FileIOError(path: path, reason: errnoText()) }
        defer { close(fd) }
        var st = stat()
        if fstat(fd, &st) != 0 { throw FileIOError(path: path, reason: errnoText()) }
        if (st.st_mode & S_IFMT) == S_IFDIR { throw FileIOError(path: path, reason: "is a directory") }
        let size = Int(st.st_size)
        if size > maxFileSize {
            throw FileIOError(path: path, reason: "file is \(size / (1024 * 1024)) MiB, larger than the \(maxFileSize / (1024 * 1024)) MiB limit")
        }
        // Read straight into the array's storage (no zero-filling first).
        var failed = false
        var bytes = [UInt8](unsafeUninitializedCapacity: max(size, 0)) { buf, count in
            var total = 0
            while total < size {
                let r = read(fd, buf.baseAddress! + total, size - total)
                if r < 0 {
                    if errno == EINTR { continue }
                    failed = true
                    break
                }
                if r == 0 { break }
                total += r
            }
            count = total
        }
        if failed { throw FileIOError(path: path, reason: errnoText()) }
        // A file that grew since fstat (or a pipe-like file reporting size 0): read the rest.
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let r = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress!, 65536) }
            if r < 0 {
                if errno == EINTR { continue }
                throw FileIOError(path: path, reason: errnoText())
            }
            if r == 0 { break }
            bytes.append(contentsOf: chunk[0..<r])
            if bytes.count > maxFileSize { throw FileIOError(path: path, reason: "file is larger than the \(maxFileSize / (1024 * 1024)) MiB limit") }
        }
        return bytes
    }

    public static func errnoText() -> String {
        String(cString: strerror(errno))
    }
}

extension FileIO {
    /// Writes `bytes` to `path` atomically: a temporary file in the same folder, flushed, then
    /// renamed over the target, so a reader sees the old file or the new one, never a half.
    public static func writeAtomically(_ path: String, _ bytes: [UInt8]) throws {
        let dir: String
        if let slash = path.lastIndex(of: "/") { dir = slash == path.startIndex ? "/" : String(path[..<slash]) } else { dir = "." }
        var template = Array((dir + "/.swift-lock-lint-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        if fd < 0 { throw FileIOError(path: path, reason: "cannot create a temporary file in \(dir): \(errnoText())") }
        let tmp = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        var ok = false
        defer {
            if !ok { unlink(tmp) }
        }
        var written = 0
        let result: Int = bytes.withUnsafeBytes { buf in
            while written < buf.count {
                let r = write(fd, buf.baseAddress! + written, buf.count - written)
                if r < 0 {
                    if errno == EINTR { continue }
                    return -1
                }
                written += r
            }
            return written
        }
        if result < 0 || fsync(fd) != 0 {
            let reason = errnoText()
            close(fd)
            throw FileIOError(path: path, reason: "cannot write: \(reason)")
        }
        // Keep the permissions of a file being replaced; new files get the usual 0644.
        var st = stat()
        if stat(path, &st) == 0 { fchmod(fd, st.st_mode & 0o7777) } else { fchmod(fd, 0o644) }
        close(fd)
        if rename(tmp, path) != 0 { throw FileIOError(path: path, reason: "cannot replace: \(errnoText())") }
        ok = true
    }
}
