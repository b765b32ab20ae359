/// A set of names matched against tokens by bytes, with no String allocation per query.
public struct NameSet: Sendable {
    /// Names bucketed by byte length.
    private let buckets: [[[UInt8]]]
    public let names: Set<String>

    public init<S: Sequence>(_ names: S) where S.Element == String {
        let set = Set(names)
        var buckets: [[[UInt8]]] = []
        for n in set {
            let b = Array(n.utf8)
            if buckets.count <= b.count { buckets += Array(repeating: [], count: b.count - buckets.count + 1) }
            buckets[b.count].append(b)
        }
        self.buckets = buckets
        self.names = set
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
