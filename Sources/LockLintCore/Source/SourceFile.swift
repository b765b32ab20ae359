#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One file's bytes, read once, with the table that turns byte offsets into line and column.
///
/// Everything downstream (tokens, structure, diagnostics) speaks in byte offsets into `bytes`;
/// text is sliced only when something asks for it.
public struct SourceFile: Sendable {
    /// The path as the user named it (or as the walker built it); used in every report line.
    public let path: String
    public let bytes: [UInt8]
    public let lines: LineTable

    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
        self.lines = LineTable(bytes)
    }

    public init(path: String, text: String) {
        self.init(path: path, bytes: Array(text.utf8))
    }

    /// The text of a byte range, decoding invalid UTF-8 with replacement characters.
    public func text(_ range: Range<Int>) -> String {
        let lo = max(0, min(range.lowerBound, bytes.count))
        let hi = max(lo, min(range.upperBound, bytes.count))
        return String(decoding: bytes[lo..<hi], as: UTF8.self)
    }

    public func text(of token: Token) -> String { text(token.range) }

    public func location(_ offset: Int) -> SourceLocation { lines.location(of: offset) }

    /// The text of a 1-based line, without its line break; with `maxBytes`, only its first
    /// `maxBytes` bytes (fewer if that would cut a character).
    public func lineText(_ line: Int, maxBytes: Int = .max) -> String {
        let r = lines.range(ofLine: line)
        var end = r.upperBound
        while end > r.lowerBound && (bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D) { end -= 1 }
        if end - r.lowerBound > maxBytes {
            end = r.lowerBound + max(0, maxBytes)
            // Back up over continuation bytes (10xxxxxx) to a character's first byte.
            while end > r.lowerBound && end < bytes.count && bytes[end] & 0xC0 == 0x80 { end -= 1 }
        }
        return text(r.lowerBound..<end)
    }
}

/// A 1-based line and a 1-based column counted in UTF-8 bytes, as swiftc prints them.
public struct SourceLocation: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }
    public static func < (a: Self, b: Self) -> Bool {
        (a.line, a.column) < (b.line, b.column)
    }
    public var description: String { "\(line):\(column)" }
}

/// Start offsets of every line. `\n`, `\r\n` and a lone `\r` each end a line.
public struct LineTable: Sendable {
    /// `starts[i]` is the byte offset where line `i + 1` begins.
    public let starts: [Int]
    public let byteCount: Int

    public init(_ bytes: [UInt8]) {
        var starts = [0]
        starts.reserveCapacity(bytes.count / 32 + 1)
        let n = bytes.count
        bytes.withUnsafeBufferPointer { p in
            guard let base = p.baseAddress, n > 0 else { return }
            if memchr(base, 0x0D, n) == nil {
                // The common case, `\n` only: let memchr find each one.
                var from = 0
                while from < n, let hit = memchr(base + from, 0x0A, n - from) {
                    let i = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                    starts.append(i + 1)
                    from = i + 1
                }
                return
            }
            var i = 0
            while i < n {
                let b = p[i]
                if b == 0x0A {
                    starts.append(i + 1)
                } else if b == 0x0D {
                    if i + 1 < n && p[i + 1] == 0x0A { i += 1 }
                    starts.append(i + 1)
                }
                i += 1
            }
        }
        self.starts = starts
        self.byteCount = n
    }

    public var count: Int { starts.count }

    /// The 1-based line holding `offset` (offsets past the end belong to the last line).
    public func line(of offset: Int) -> Int {
        var lo = 0
        var hi = starts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if starts[mid] <= offset { lo = mid } else { hi = mid - 1 }
        }
        return lo + 1
    }

    public func location(of offset: Int) -> SourceLocation {
        let line = line(of: offset)
        return SourceLocation(line: line, column: offset - starts[line - 1] + 1)
    }

    /// Byte range of a 1-based line, including its terminator if it has one.
    public func range(ofLine line: Int) -> Range<Int> {
        guard line >= 1 && line <= starts.count else { return byteCount..<byteCount }
        let start = starts[line - 1]
        let end = line < starts.count ? starts[line] : byteCount
        return start..<end
    }
}
