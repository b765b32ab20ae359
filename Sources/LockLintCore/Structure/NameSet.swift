/// A set of names matched against tokens by bytes, with no String allocation per query.
public struct NameSet: Sendable {
    /// Names bucketed by byte length.
    private let buckets: [[[UInt8]]]
    /// For a large set: names by a hash of their bytes, so a query costs one lookup, not a scan
    /// of every name of its length.
    private let byHash: [UInt64: [[UInt8]]]
    public let names: Set<String>

    static let hashedAbove = 64

    public init<S: Sequence>(_ names: S) where S.Element == String {
        let set = Set(names)
        var buckets: [[[UInt8]]] = []
        var byHash: [UInt64: [[UInt8]]] = [:]
        for n in set {
            let b = Array(n.utf8)
            if buckets.count <= b.count { buckets += Array(repeating: [], count: b.count - buckets.count + 1) }
            buckets[b.count].append(b)
            if set.count > Self.hashedAbove {
                b.withUnsafeBufferPointer { p in byHash[Self.hash(p, 0, b.count), default: []].append(b) }
            }
        }
        self.buckets = buckets
        self.byHash = byHash
        self.names = set
    }

    @inline(__always)
    static func hash(_ p: UnsafeBufferPointer<UInt8>, _ start: Int, _ n: Int) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for k in start..<(start + n) {
            h ^= UInt64(p[k])
            h = h &* 0x100_0000_01b3
        }
        return h
    }

    /// Whether code token `i` of `s` spells one of the names.
    @inline(__always)
    public func contains(_ s: FileStructure, _ i: Int) -> Bool {
        let t = s.code[i]
        let n = t.length
        guard n < buckets.count else { return false }
        let candidates = buckets[n]
        if candidates.isEmpty { return false }
        let start = Int(t.start)
        if !byHash.isEmpty {
            return s.file.bytes.withUnsafeBufferPointer { p in
                guard let found = byHash[Self.hash(p, start, n)] else { return false }
                for c in found where c.count == n {
                    var k = 0
                    while k < n && c[k] == p[start + k] { k += 1 }
                    if k == n { return true }
                }
                return false
            }
        }
        return s.file.bytes.withUnsafeBufferPointer { p in
            for c in candidates where c[0] == p[start] {
                var k = 1
                while k < n && c[k] == p[start + k] { k += 1 }
                if k == n { return true }
            }
            return false
        }
    }

    public func contains(_ name: String) -> Bool { names.contains(name) }
}

extension FileStructure {
    /// Whether code token `i` starts with the bytes of `prefix`.
    public func hasPrefix(_ i: Int, _ prefix: StaticString) -> Bool {
        guard i >= 0 && i < code.count else { return false }
        let t = code[i]
        let n = prefix.utf8CodeUnitCount
        guard t.length >= n else { return false }
        let base = Int(t.start)
        return prefix.withUTF8Buffer { pb in
            file.bytes.withUnsafeBufferPointer { fb in
                for k in 0..<n where fb[base + k] != pb[k] { return false }
                return true
            }
        }
    }
}

/// A small Bloom filter over a file's identifiers, filled during the structural pass, so a rule
/// can skip a file that cannot mention the names it looks for without scanning its tokens.
/// No false negatives; a false positive only costs the scan the rule would have done anyway.
public struct IdentifierFilter: Sendable {
    private var bits = [UInt64](repeating: 0, count: 64)

    public init() {}

    @inline(__always)
    static func slot(length: Int, _ b0: UInt8, _ b1: UInt8, _ last: UInt8) -> Int {
        var h = UInt32(truncatingIfNeeded: length) &* 0x9E37_79B1
        h ^= UInt32(b0) &* 0x85EB_CA6B
        h ^= UInt32(b1) &* 0xC2B2_AE35
        h ^= UInt32(last) &* 0x27D4_EB2F
        h ^= h >> 15
        h = h &* 0x2C1B_3C6D
        h ^= h >> 13
        return Int(h & 4095)
    }

    @inline(__always)
    mutating func insert(_ bytes: [UInt8], _ t: Token) {
        let n = t.length
        guard n > 0 else { return }
        let s = Int(t.start)
        let k = Self.slot(length: n, bytes[s], n > 1 ? bytes[s + 1] : 0, bytes[s + n - 1])
        bits[k >> 6] |= 1 << UInt64(k & 63)
    }

    /// Fills the filter through `body`, which inserts identifier tokens with the function it is
    /// given (a pass over the tokens that does other work too reads each token once).
    mutating func fill(_ body: ((Token, UnsafeBufferPointer<UInt8>) -> Void) -> Void) {
        bits.withUnsafeMutableBufferPointer { bits in
            guard bits.count == 64 else {
                body { _, _ in }
                return
            }
            body { t, bytes in
                let n = t.length
                let s = Int(t.start)
                guard n > 0, s >= 0, s + n <= bytes.count else { return }
                let k = Self.slot(length: n, bytes[s], n > 1 ? bytes[s + 1] : 0, bytes[s + n - 1])
                bits[k >> 6] |= 1 << UInt64(k & 63)
            }
        }
    }

    /// False when the file has no identifier spelled `name`.
    public func mayContain(_ name: String) -> Bool {
        // Read the bytes in place (no array per query: rules ask this for every file).
        var name = name
        let k = name.withUTF8 { b -> Int in
            let n = b.count
            guard n > 0 else { return -1 }
            return Self.slot(length: n, b[0], n > 1 ? b[1] : 0, b[n - 1])
        }
        return k >= 0 && bits[k >> 6] & (1 << UInt64(k & 63)) != 0
    }

    public func mayContainAny(_ names: [String]) -> Bool { names.contains { mayContain($0) } }
}

/// Searching bytes for bytes.
public enum ByteSearch {
    /// The first offset in `range` where `needle` starts, or nil.
    public static func firstIndex(of needle: [UInt8], in bytes: [UInt8], _ range: Range<Int>) -> Int? {
        guard !needle.isEmpty, needle.count <= range.count else { return nil }
        var i = range.lowerBound
        let last = range.upperBound - needle.count
        while i <= last {
            if bytes[i] == needle[0] {
                var k = 1
                while k < needle.count && bytes[i + k] == needle[k] { k += 1 }
                if k == needle.count { return i }
            }
            i += 1
        }
        return nil
    }

    /// Whether `text` contains identifier `word` as a whole word (not inside a longer
    /// identifier: `queue` is not in `syncQueue` or `queue_t`), case and all.
    public static func containsWord(_ text: String, _ word: [UInt8]) -> Bool {
        func part(_ b: UInt8) -> Bool {
            (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x5F || b >= 0x80
        }
        var t = text
        return t.withUTF8 { bytes in
            let all = Array(bytes)
            var from = 0
            while let i = firstIndex(of: word, in: all, from..<all.count) {
                let end = i + word.count
                if (i == 0 || !part(all[i - 1])) && (end == all.count || !part(all[end])) { return true }
                from = i + 1
            }
            return false
        }
    }

    /// Whether `text` contains any of the phrases, ignoring ASCII case.
    /// (One pass over the text, lower-casing ASCII as it goes, without a lowered copy; a phrase
    /// is tried only where the byte is its first one.)
    public static func containsAny(_ text: String, caseInsensitive phrases: [[UInt8]]) -> Bool {
        var firsts: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        for p in phrases where !p.isEmpty {
            let b = p[0]
            switch b >> 6 {
            case 0: firsts.0 |= 1 << UInt64(b & 63)
            case 1: firsts.1 |= 1 << UInt64(b & 63)
            case 2: firsts.2 |= 1 << UInt64(b & 63)
            default: firsts.3 |= 1 << UInt64(b & 63)
            }
        }
        func scan(_ t: UnsafeBufferPointer<UInt8>) -> Bool {
            let n = t.count
            var i = 0
            while i < n {
                let b = lowered(t[i])
                let word: UInt64
                switch b >> 6 {
                case 0: word = firsts.0
                case 1: word = firsts.1
                case 2: word = firsts.2
                default: word = firsts.3
                }
                if word & (1 << UInt64(b & 63)) != 0 {
                    for p in phrases where !p.isEmpty && p[0] == b && p.count <= n - i {
                        var k = 1
                        while k < p.count && lowered(t[i + k]) == p[k] { k += 1 }
                        if k == p.count { return true }
                    }
                }
                i += 1
            }
            return false
        }
        if let found = text.utf8.withContiguousStorageIfAvailable(scan) { return found }
        return Array(text.utf8).withUnsafeBufferPointer(scan)
    }

    @inline(__always)
    static func lowered(_ b: UInt8) -> UInt8 { b >= 0x41 && b <= 0x5A ? b + 0x20 : b }
}

/// The names a file spells that can name a type, exactly: every identifier that starts with a
/// capital letter or `_` (backticks taken off), as 64-bit hashes, sorted. Unlike
/// `IdentifierFilter` (a few bits a name, for a quick test during one file's lint), it tells the
/// run's later passes whether the file spells one of the types the project's index names, for
/// every file, without a false "may be" for every name that shares a length and three letters.
public struct SpelledTypeNames: Sendable {
    private var hashes: [UInt64] = []

    public init(_ s: FileStructure) {
        s.file.bytes.withUnsafeBufferPointer { bytes in
            for t in s.code where t.kind == .identifier {
                var a = Int(t.start)
                var b = Int(t.end)
                guard a >= 0, b <= bytes.count, a < b else { continue }
                if b - a >= 2 && bytes[a] == UInt8(ascii: "`") && bytes[b - 1] == UInt8(ascii: "`") {
                    a += 1
                    b -= 1
                }
                guard a < b, Self.startsType(bytes[a]) else { continue }
                hashes.append(Self.hash(bytes, a..<b))
            }
        }
        hashes.sort()
        var kept = 0
        for k in hashes.indices where kept == 0 || hashes[k] != hashes[kept - 1] {
            hashes[kept] = hashes[k]
            kept += 1
        }
        hashes.removeLast(hashes.count - kept)
    }

    @inline(__always)
    static func startsType(_ c: UInt8) -> Bool { (c >= 65 && c <= 90) || c == 95 }

    @inline(__always)
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for k in range {
            h ^= UInt64(bytes[k])
            h = h &* 0x100_0000_01b3
        }
        return h
    }

    /// Whether the file spells `name` (bare, without backticks) as an identifier; nil when the
    /// name is not one this set holds (not ASCII letters, digits and `_` starting with a capital
    /// or `_`): the caller then asks `IdentifierFilter`.
    public func contains(_ name: String) -> Bool? {
        var name = name
        return name.withUTF8 { b -> Bool? in
            guard let first = b.first, Self.startsType(first),
                  b.allSatisfy({ ($0 >= 48 && $0 <= 57) || ($0 >= 65 && $0 <= 90) || ($0 >= 97 && $0 <= 122) || $0 == 95 }) else { return nil }
            let h = Self.hash(b, 0..<b.count)
            var lo = 0
            var hi = hashes.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if hashes[mid] < h { lo = mid + 1 } else { hi = mid }
            }
            return lo < hashes.count && hashes[lo] == h
        }
    }
}
