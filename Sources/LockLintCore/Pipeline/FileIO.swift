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
    /// The name of a directory entry that `readdir` returned, read where it lies: the record is
    /// only as long as its name, so copying the whole `d_name` field could read past its end.
    public static func entryName(_ entry: UnsafeMutablePointer<dirent>) -> String {
        guard let offset = MemoryLayout<dirent>.offset(of: \dirent.d_name) else { return "" }
        return String(cString: UnsafeRawPointer(entry).advanced(by: offset).assumingMemoryBound(to: CChar.self))
    }

    /// Files larger than this are refused with a clear message rather than read.
    public static let maxFileSize = 256 * 1024 * 1024

    /// Reads a regular file. Anything else is refused before a byte is read: opening a FIFO
    /// would block until a writer comes (forever), and a device may never end. The open itself
    /// never blocks (`O_NONBLOCK`), and the kind is checked on the opened descriptor, so the path
    /// cannot be swapped between the check and the read.
    public static func readFile(_ path: String) throws -> [UInt8] {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        if fd < 0 { throw FileIOError(path: path, reason: errnoText()) }
        defer { close(fd) }
        var st = stat()
        if fstat(fd, &st) != 0 { throw FileIOError(path: path, reason: errnoText()) }
        switch st.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw FileIOError(path: path, reason: "is a directory")
        case S_IFIFO: throw FileIOError(path: path, reason: "is a FIFO (named pipe), not a regular file")
        case S_IFCHR, S_IFBLK: throw FileIOError(path: path, reason: "is a device, not a regular file")
        case S_IFSOCK: throw FileIOError(path: path, reason: "is a socket, not a regular file")
        default: throw FileIOError(path: path, reason: "is not a regular file")
        }
        // Reads of a regular file block as usual (O_NONBLOCK only kept the open from waiting).
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
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
        // A file that grew since fstat (or a pipe-like file reporting size 0): read the rest,
        // through a small buffer that is neither zero-filled nor on the heap (almost always one
        // read that returns 0).
        var tooLarge = false
        var readError: Int32 = 0
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 4096) { chunk in
            while true {
                let r = read(fd, chunk.baseAddress!, chunk.count)
                if r < 0 {
                    if errno == EINTR { continue }
                    readError = errno
                    return
                }
                if r == 0 { return }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: chunk[0..<r]))
                if bytes.count > maxFileSize { tooLarge = true; return }
            }
        }
        if readError != 0 {
            errno = readError
            throw FileIOError(path: path, reason: errnoText())
        }
        if tooLarge { throw FileIOError(path: path, reason: "file is larger than the \(maxFileSize / (1024 * 1024)) MiB limit") }
        return bytes
    }

    public static func errnoText() -> String {
        String(cString: strerror(errno))
    }
}

extension FileIO {
    /// Writes `bytes` to `path`, never replacing what the path names with something else:
    /// - a symbolic link is written through: its target is updated and the link stays a link;
    /// - a FIFO, device or socket is written into directly (`-o /dev/stderr`, a named pipe), never
    ///   replaced by a regular file;
    /// - a regular file that is read-only is refused (it is left alone);
    /// - a regular file is replaced atomically (a temporary file in the same folder, flushed, then
    ///   renamed over it) keeping its mode and owner; when the owner cannot be kept, or the file
    ///   has other hard links that a rename would split, it is rewritten in place instead;
    /// - a new file is created atomically with mode 0644.
    public static func writeAtomically(_ path: String, _ bytes: [UInt8]) throws {
        var st = stat()
        let isLink = lstat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFLNK
        guard stat(path, &st) == 0 else {
            if errno == ENOENT && !isLink { return try replace(path, bytes, keeping: nil) }
            throw FileIOError(path: path, reason: isLink ? "is a symbolic link to a missing file" : errnoText())
        }
        switch st.st_mode & S_IFMT {
        case S_IFREG:
            var target = path
            if isLink {
                guard let resolved = realpath(path, nil) else {
                    throw FileIOError(path: path, reason: "is a symbolic link whose target cannot be resolved: \(errnoText())")
                }
                target = String(cString: resolved)
                free(resolved)
            }
            // No write bit at all counts as read-only even for root (whom `access` always lets write).
            if st.st_mode & 0o222 == 0 || access(target, W_OK) != 0 {
                throw FileIOError(path: path, reason: "is read-only; left unchanged")
            }
            if st.st_nlink > 1 { return try rewriteInPlace(target, bytes) }
            try replace(target, bytes, keeping: st)
        case S_IFDIR:
            throw FileIOError(path: path, reason: "is a directory")
        default:
            // A FIFO, device or socket (also behind a link, as `/dev/stdout` is): write into it;
            // replacing it would break what reads it.
            try rewriteInPlace(path, bytes, truncate: false)
        }
    }

    /// Writes `bytes` into the file at `path` through one descriptor (not atomic).
    static func rewriteInPlace(_ path: String, _ bytes: [UInt8], truncate: Bool = true) throws {
        let fd = open(path, O_WRONLY | O_CLOEXEC | (truncate ? O_TRUNC : 0))
        if fd < 0 { throw FileIOError(path: path, reason: "cannot open for writing: \(errnoText())") }
        defer { close(fd) }
        if !writeAll(fd, bytes) { throw FileIOError(path: path, reason: "cannot write: \(errnoText())") }
    }

    static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { buf in
            guard let base = buf.baseAddress else { return true }
            var written = 0
            while written < buf.count {
                let r = write(fd, base + written, buf.count - written)
                if r < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                written += r
            }
            return true
        }
    }

    /// The atomic replacement: temporary file, flush, mode (and owner) of `old`, rename.
    static func replace(_ path: String, _ bytes: [UInt8], keeping old: stat?) throws {
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
        if !writeAll(fd, bytes) || fsync(fd) != 0 {
            let reason = errnoText()
            close(fd)
            throw FileIOError(path: path, reason: "cannot write: \(reason)")
        }
        if let old {
            fchmod(fd, old.st_mode & 0o7777)
            if (old.st_uid != geteuid() || old.st_gid != getegid()) && fchown(fd, old.st_uid, old.st_gid) != 0 {
                // The new file would change hands: keep the old one and write into it instead.
                close(fd)
                try rewriteInPlace(path, bytes)
                return
            }
        } else {
            fchmod(fd, 0o644)
        }
        close(fd)
        if rename(tmp, path) != 0 { throw FileIOError(path: path, reason: "cannot replace: \(errnoText())") }
        ok = true
    }
}
