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

    /// Every word packed into two little-endian UInt64 (all are at most 16 bytes), grouped by
    /// length: `packedStart[n]..<packedStart[n + 1]` indexes the words of length n.
    static let packed: [(lo: UInt64, hi: UInt64, word: Word)] = {
        var entries: [(lo: UInt64, hi: UInt64, word: Word, length: Int)] = []
        for w in Word.allCases where w != .none {
            let b = Array(w.text.utf8)
            var lo: UInt64 = 0
            var hi: UInt64 = 0
            for (k, byte) in b.enumerated() {
                if k < 8 { lo |= UInt64(byte) << (8 * k) } else { hi |= UInt64(byte) << (8 * (k - 8)) }
            }
            entries.append((lo, hi, w, b.count))
        }
        entries.sort { $0.length < $1.length }
        return entries.map { ($0.lo, $0.hi, $0.word) }
    }()

    static let packedStart: [Int] = {
        var starts = [Int](repeating: 0, count: 18)
        var counts = [Int](repeating: 0, count: 17)
        for w in Word.allCases where w != .none { counts[w.text.utf8.count] += 1 }
        for n in 0..<17 { starts[n + 1] = starts[n] + counts[n] }
        return starts
    }()

    /// The word spelled by `bytes[start..<end]`, or `.none`.
    static func lookup(_ p: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Word {
        packed.withUnsafeBufferPointer { table in
            packedStart.withUnsafeBufferPointer { starts in
                KeywordTable(entries: table, starts: starts).lookup(p, start, end)
            }
        }
    }
}


/// The packed keyword table, borrowed for the duration of one file's lexing (no global access
/// per lookup).
struct KeywordTable {
    let entries: UnsafeBufferPointer<(lo: UInt64, hi: UInt64, word: Word)>
    let starts: UnsafeBufferPointer<Int>

    @inline(__always)
    func lookup(_ p: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Word {
        let n = end - start
        guard n > 0 && n < 17 else { return .none }
        let first = p[start]
        // Every known word starts with a lowercase ASCII letter, `A`, `S` or `_`.
        guard (first >= 0x61 && first <= 0x7A) || first == 0x41 || first == 0x53 || first == 0x5F else { return .none }
        var i = starts[n]
        let e = starts[n + 1]
        if i == e { return .none }
        var lo: UInt64 = 0
        var hi: UInt64 = 0
        var k = 0
        while k < n {
            let byte = UInt64(p[start + k])
            if k < 8 { lo |= byte << (8 * k) } else { hi |= byte << (8 * (k - 8)) }
            k += 1
        }
        while i < e {
            if entries[i].lo == lo && entries[i].hi == hi { return entries[i].word }
            i += 1
        }
        return .none
    }
}
