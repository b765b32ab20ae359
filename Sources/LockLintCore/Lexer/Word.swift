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

    /// Lookup table: by length, the words of that length with their bytes.
    static let byLength: [[(bytes: [UInt8], word: Word)]] = {
        var table = [[(bytes: [UInt8], word: Word)]](repeating: [], count: 17)
        for w in Word.allCases where w != .none {
            let b = Array(w.text.utf8)
            table[b.count].append((b, w))
        }
        return table
    }()

    /// The word spelled by `bytes[start..<end]`, or `.none`.
    static func lookup(_ p: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Word {
        let n = end - start
        guard n > 0 && n < 17 else { return .none }
        let first = p[start]
        // Every known word starts with a lowercase ASCII letter, `A`, `S` or `_`.
        guard (first >= 0x61 && first <= 0x7A) || first == 0x41 || first == 0x53 || first == 0x5F else { return .none }
        for candidate in byLength[n] where candidate.bytes[0] == first {
            var i = 1
            while i < n && candidate.bytes[i] == p[start + i] { i += 1 }
            if i == n { return candidate.word }
        }
        return .none
    }
}
