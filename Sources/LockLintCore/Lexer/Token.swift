/// A token: a kind, a byte range into the file, and a few flags. Never a String.
public struct Token: Sendable, Equatable {
    public var kind: TokenKind
    /// For words the lexer knows (keywords, contextual keywords and a few names rules ask
    /// about), which word it is; `.none` otherwise. Lets rules compare without slicing text.
    public var word: Word
    public var flags: TokenFlags
    public var start: Int32
    public var end: Int32

    @inlinable
    public init(kind: TokenKind, word: Word = .none, flags: TokenFlags = [], start: Int, end: Int) {
        self.kind = kind
        self.word = word
        self.flags = flags
        self.start = Int32(truncatingIfNeeded: start)
        self.end = Int32(truncatingIfNeeded: end)
    }

    @inlinable public var range: Range<Int> { Int(start)..<Int(end) }
    @inlinable public var length: Int { Int(end - start) }
    @inlinable public var isComment: Bool { kind == .comment }
    /// An identifier or keyword.
    @inlinable public var isWord: Bool { kind == .identifier || kind == .keyword }
}

public enum TokenKind: UInt8, Sendable, CaseIterable, CustomStringConvertible {
    case identifier
    case keyword
    case integer
    case float
    /// A string literal's text segment with its quotes; interpolations split a literal into
    /// several segments, with the tokens of `\( … )` between them.
    case string
    case regex
    case `operator`
    case punctuation
    /// `@Name`
    case attribute
    /// `#if`, `#available`, … and a bare `#` before a macro or object-literal name.
    case pound
    case comment
    case unknown

    public var description: String {
        switch self {
        case .identifier: "identifier"
        case .keyword: "keyword"
        case .integer: "integer"
        case .float: "float"
        case .string: "string"
        case .regex: "regex"
        case .operator: "operator"
        case .punctuation: "punctuation"
        case .attribute: "attribute"
        case .pound: "pound"
        case .comment: "comment"
        case .unknown: "unknown"
        }
    }
}

public struct TokenFlags: OptionSet, Sendable, Equatable {
    public let rawValue: UInt8
    @inlinable public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// A line break lies between the previous token (comments included) and this one.
    public static let newlineBefore = TokenFlags(rawValue: 1 << 0)
    /// Whitespace (or a comment) lies right before this token.
    public static let spaceBefore = TokenFlags(rawValue: 1 << 1)
    /// A doc comment (`///` or `/** */`).
    public static let docComment = TokenFlags(rawValue: 1 << 2)
    /// A string segment that opens an interpolation (ends with `\(`).
    public static let opensInterpolation = TokenFlags(rawValue: 1 << 3)
    /// A string segment that closes an interpolation (starts with `)`).
    public static let closesInterpolation = TokenFlags(rawValue: 1 << 4)
    /// A literal, comment or regex that reached the end of the line or file unterminated.
    public static let unterminated = TokenFlags(rawValue: 1 << 5)
    /// A `#if` / `#elseif` / `#else` / `#endif` directive.
    public static let directive = TokenFlags(rawValue: 1 << 6)
    /// A backticked identifier (`` `class` ``).
    public static let escaped = TokenFlags(rawValue: 1 << 7)
}
