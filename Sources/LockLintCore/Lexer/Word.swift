/// Words the lexer recognises. Reserved keywords become `.keyword` tokens; contextual ones
/// become `.keyword` only where they are used as keywords (see `Lexer.classifyContextual`).
public enum Word: UInt8, Sendable, CaseIterable {
    case none = 0
    // Reserved: declarations
    case `associatedtype`, `class`, `deinit`, `enum`, `extension`, `fileprivate`, `func`, `import`
    case `init`, `inout`, `internal`, `let`, `operator`, `private`, `precedencegroup`, `protocol`
    case `public`, `rethrows`, `static`, `struct`, `subscript`, `typealias`, `var`
    // Reserved: statements
    case `break`, `case`, `catch`, `continue`, `default`, `defer`, `do`, `else`, `fallthrough`
    case `for`, `guard`, `if`, `in`, `repeat`, `return`, `throw`, `switch`, `where`, `while`
    // Reserved: expressions and types
    case `Any`, `as`, `false`, `is`, `nil`, `self`, `Self`, `super`, `throws`, `true`, `try`
    // Contextual
    case actor, async, await, convenience, didSet, distributed, dynamic, final, get, indirect
    case infix, isolated, lazy, mutating, nonisolated, nonmutating, open, optional, override
    case package, postfix, prefix, required, set, some, any, unowned, weak, willSet, macro
    case consuming, borrowing, sending, each, unsafe, `_modify`, `_read`, `_const`, `_`

    /// Reserved words are keywords wherever they stand (except in backticks).
    public var isReserved: Bool { rawValue <= Word.try.rawValue && self != .none }

    /// Words that are keywords only where the grammar uses them as such.
    public var isContextual: Bool { rawValue > Word.try.rawValue }

    /// Reserved words that are themselves expressions (a `/` after them is division).
    var isExpressionKeyword: Bool {
        switch self {
        case .true, .false, .Any, .nil, .self, .Self, .super: true
        default: false
        }
    }

    public var text: String { Word.texts[Int(rawValue)] }

    static let texts: [String] = [
        "",
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import",
        "init", "inout", "internal", "let", "operator", "private", "precedencegroup", "protocol",
        "public", "rethrows", "static", "struct", "subscript", "typealias", "var",
        "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough",
        "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while",
        "Any", "as", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try",
        "actor", "async", "await", "convenience", "didSet", "distributed", "dynamic", "final", "get", "indirect",
        "infix", "isolated", "lazy", "mutating", "nonisolated", "nonmutating", "open", "optional", "override",
        "package", "postfix", "prefix", "required", "set", "some", "any", "unowned", "weak", "willSet", "macro",
        "consuming", "borrowing", "sending", "each", "unsafe", "_modify", "_read", "_const", "_",
    ]

    /// Every word packed into two little-endian UInt64 (all are at most 16 bytes), in an
    /// open-addressing hash table of 512 slots (empty slots hold `.none`): one probe, usually.
    static let hashed: [(lo: UInt64, hi: UInt64, word: Word)] = {
        var slots = [(lo: UInt64, hi: UInt64, word: Word)](repeating: (0, 0, .none), count: KeywordTable.size)
        for w in Word.allCases where w != .none {
            var lo: UInt64 = 0
            var hi: UInt64 = 0
            for (k, byte) in w.text.utf8.enumerated() {
                if k < 8 { lo |= UInt64(byte) << (8 * k) } else { hi |= UInt64(byte) << (8 * (k - 8)) }
            }
            var i = KeywordTable.slot(lo, hi)
            while slots[i].word != .none { i = (i + 1) & (KeywordTable.size - 1) }
            slots[i] = (lo, hi, w)
        }
        return slots
    }()

    /// The word spelled by `bytes[start..<end]`, or `.none`.
    static func lookup(_ p: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Word {
        hashed.withUnsafeBufferPointer { KeywordTable(slots: $0).lookup(p, start, end) }
    }
}

/// A set of `Word`s as a 128-bit mask: a membership test is a shift and an AND (a `Set<Word>`
/// hashes on every query, and the structure pass asks for every word it reads).
public struct WordSet: Sendable, Equatable, ExpressibleByArrayLiteral {
    @usableFromInline var lo: UInt64 = 0
    @usableFromInline var hi: UInt64 = 0

    public init(arrayLiteral words: Word...) {
        for w in words { insert(w) }
    }

    public mutating func insert(_ w: Word) {
        let r = w.rawValue
        if r < 64 { lo |= 1 << UInt64(r) } else { hi |= 1 << UInt64(r & 63) }
    }

    @inlinable @inline(__always)
    public func contains(_ w: Word) -> Bool {
        let r = w.rawValue
        return r < 64 ? lo & (1 << UInt64(r)) != 0 : hi & (1 << UInt64(r & 63)) != 0
    }
}

struct KeywordTable {
    static let size = 512
    let slots: UnsafeBufferPointer<(lo: UInt64, hi: UInt64, word: Word)>

    @inline(__always)
    static func slot(_ lo: UInt64, _ hi: UInt64) -> Int {
        let h = (lo &* 0x9E37_79B9_7F4A_7C15) ^ (hi &* 0xC2B2_AE3D_27D4_EB4F)
        return Int(truncatingIfNeeded: h >> 55)
    }

    /// The bytes `p[start..<start + n]` (n <= 16) packed little-endian into two words.
    @inline(__always)
    static func pack(_ p: UnsafeBufferPointer<UInt8>, _ start: Int, _ n: Int, _ lo: inout UInt64, _ hi: inout UInt64) {
        var k = 0
        while k < n {
            let byte = UInt64(p[start + k])
            if k < 8 { lo |= byte << (8 * k) } else { hi |= byte << (8 * (k - 8)) }
            k += 1
        }
    }

    @inline(__always)
    func lookup(_ p: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Word {
        let n = end - start
        guard n > 0 && n < 17 else { return .none }
        let first = p[start]
        // Every known word starts with a lowercase ASCII letter, `A`, `S` or `_`.
        guard (first >= 0x61 && first <= 0x7A) || first == 0x41 || first == 0x53 || first == 0x5F else { return .none }
        var lo: UInt64 = 0
        var hi: UInt64 = 0
        #if _endian(little)
        if start + 16 <= p.count, let base = p.baseAddress {
            // Two unaligned loads, the bytes past the word masked off.
            let raw = UnsafeRawPointer(base + start)
            lo = raw.loadUnaligned(as: UInt64.self)
            hi = raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
            if n < 8 {
                lo &= (1 << UInt64(8 * n)) &- 1
                hi = 0
            } else if n < 16 {
                hi &= (1 << UInt64(8 * (n - 8))) &- 1
            }
        } else {
            Self.pack(p, start, n, &lo, &hi)
        }
        #else
        Self.pack(p, start, n, &lo, &hi)
        #endif
        var i = Self.slot(lo, hi)
        while true {
            let e = slots[i]
            if e.word == .none { return .none }
            if e.lo == lo && e.hi == hi { return e.word }
            i = (i + 1) & (Self.size - 1)
        }
    }
}
