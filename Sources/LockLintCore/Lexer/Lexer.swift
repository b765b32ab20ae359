#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A hand-written Swift lexer over UTF-8 bytes.
///
/// Total: it never throws and never traps on input. Bad bytes become `.unknown` tokens, unterminated
/// literals and comments end at the end of the line or file with the `.unterminated` flag, and
/// nesting (interpolations inside strings inside interpolations …) lives on an explicit stack,
/// never on the call stack. Every loop advances or exits.
public enum Lexer {
    /// Tokenizes a whole file, comments included, in source order.
    /// `keepNeverCompiled` keeps the tokens of `#if false` branches, as a plain lexer such as
    /// swift-syntax's does (`--dump-tokens`); the lint drops them.
    public static func tokenize(_ bytes: [UInt8], keepNeverCompiled: Bool = false) -> [Token] {
        let (code, comments) = lex(bytes, keepNeverCompiled: keepNeverCompiled)
        if comments.isEmpty { return code }
        // Merge the two streams by position.
        var out: [Token] = []
        out.reserveCapacity(code.count + comments.count)
        var i = 0
        var j = 0
        while i < code.count || j < comments.count {
            if j >= comments.count || (i < code.count && code[i].start < comments[j].start) {
                out.append(code[i])
                i += 1
            } else {
                out.append(comments[j])
                j += 1
            }
        }
        return out
    }

    /// Tokenizes a whole file into its code tokens and its comments, each in source order.
    public static func lex(_ bytes: [UInt8], keepNeverCompiled: Bool = false) -> (code: [Token], comments: [Token]) {
        var comments: [Token] = []
        // Every token covers at least one byte, so the file's length bounds the token count;
        // the lexer writes straight into the array's storage.
        var code = [Token](unsafeUninitializedCapacity: bytes.count + 1) { buffer, count in
            bytes.withUnsafeBufferPointer { p in
                Word.hashed.withUnsafeBufferPointer { table in
                    LexerState.identifierBytes.withUnsafeBufferPointer { identifierBytes in
                        var state = LexerState(p, keywords: KeywordTable(slots: table), identifierBytes: identifierBytes,
                                               output: buffer.baseAddress!)
                        state.run()
                        count = state.codeCount
                        comments = state.comments
                    }
                }
            }
        }
        bytes.withUnsafeBufferPointer { p in classifyContextual(&code, p) }
        if !keepNeverCompiled { bytes.withUnsafeBufferPointer { p in dropNeverCompiled(&code, &comments, p) } }
        return (code, comments)
    }

    /// Removes the code and comments of branches whose condition is the literal `false`
    /// (`#if false`, `#elseif false`, parentheses allowed): the compiler never reads them, so
    /// nothing in them is a finding or evidence for one. The directives themselves stay, so the
    /// `#if` chain keeps its shape (an empty branch). One pass over the tokens.
    static func dropNeverCompiled(_ code: inout [Token], _ comments: inout [Token], _ p: UnsafeBufferPointer<UInt8>) {
        let n = code.count
        func directive(_ i: Int) -> Int {  // #if 0, #elseif 1, #else 2, #endif 3, other -1
            let t = code[i]
            guard t.kind == .pound && t.flags.contains(.directive) else { return -1 }
            switch t.length {
            case 3: return 0
            case 5: return p[Int(t.start) + 1] == UInt8(ascii: "e") ? 2 : 0
            case 6: return 3
            case 7: return 1
            default: return -1
            }
        }
        // Whether the condition after directive `i` is exactly `false` (in parentheses or not);
        // returns the index after the condition.
        func literallyFalse(_ i: Int) -> Int? {
            var j = i + 1
            var sawFalse = false
            while j < n && !code[j].flags.contains(.newlineBefore) {
                let t = code[j]
                if t.kind == .keyword && t.word == .false && !sawFalse {
                    sawFalse = true
                } else if !(t.kind == .punctuation && t.length == 1 && (p[Int(t.start)] == UInt8(ascii: "(") || p[Int(t.start)] == UInt8(ascii: ")"))) {
                    return nil
                }
                j += 1
            }
            return sawFalse ? j : nil
        }
        var dropped: [Range<Int32>] = []
        var i = 0
        while i < n {
            let d = directive(i)
            if d == 0 || d == 1, let body = literallyFalse(i) {
                // Skip to the next directive of this `#if` at the same depth.
                var depth = 0
                var j = body
                while j < n {
                    let k = directive(j)
                    if k == 0 { depth += 1 } else if k == 3 && depth > 0 { depth -= 1 } else if k >= 1 && depth == 0 { break }
                    j += 1
                }
                if j > body {
                    let endByte = j < n ? code[j].start : Int32.max
                    dropped.append(code[body].start..<endByte)
                }
                i = j
                continue
            }
            i += 1
        }
        guard !dropped.isEmpty else { return }
        func filter(_ tokens: inout [Token]) {
            var r = 0
            var kept = 0
            for k in tokens.indices {
                let t = tokens[k]
                while r < dropped.count && dropped[r].upperBound <= t.start { r += 1 }
                if r < dropped.count && dropped[r].lowerBound <= t.start { continue }
                tokens[kept] = t
                kept += 1
            }
            tokens.removeLast(tokens.count - kept)
        }
        filter(&code)
        filter(&comments)
    }

    /// Decides, for contextual words (`actor`, `await`, `async`, `nonisolated`, …), whether each
    /// use is the keyword or a name, from its neighbours: after `.` or a declaration keyword,
    /// or before `:`, `=`, `,`, `)`, `]` or `.`, it is a name.
    static func classifyContextual(_ tokens: inout [Token], _ p: UnsafeBufferPointer<UInt8>) {
        let n = tokens.count
        tokens.withUnsafeMutableBufferPointer { t in
            var i = 0
            while i < n {
                let tok = t[i]
                if tok.kind == .identifier && tok.word != .none && tok.word.isContextual && !tok.flags.contains(.escaped) {
                    if isContextualKeyword(tok.word, prev: i > 0 ? t[i - 1] : nil, next: i + 1 < n ? t[i + 1] : nil, p) {
                        t[i].kind = .keyword
                    }
                }
                i += 1
            }
        }
    }

    private static func isContextualKeyword(_ word: Word, prev: Token?, next: Token?, _ p: UnsafeBufferPointer<UInt8>) -> Bool {
        if let prev {
            if prev.kind == .punctuation && prev.length == 1 && p[Int(prev.start)] == UInt8(ascii: ".") { return false }
            switch prev.word {
            case .func, .let, .var, .case, .class, .struct, .enum, .protocol, .typealias, .associatedtype, .actor, .macro:
                if prev.kind == .keyword { return false }
            default: break
            }
        }
        guard let next else { return word == .get || word == .set }
        if next.kind == .punctuation || next.kind == .operator {
            let c = p[Int(next.start)]
            let single = next.length == 1
            if single && (c == UInt8(ascii: ":") || c == UInt8(ascii: ",") || c == UInt8(ascii: ")")
                || c == UInt8(ascii: "]") || c == UInt8(ascii: ".") || c == UInt8(ascii: "=")
                || c == UInt8(ascii: ";")) {
                return false
            }
            if single && c == UInt8(ascii: "(") {
                switch word {
                case .nonisolated, .unowned, .set, .willSet, .didSet, .isolated: return true
                default: return false
                }
            }
            if next.kind == .operator && !(word == .await || word == .some || word == .any || word == .each) {
                // `actor == other`, `async ?? x`: a name used in an expression.
                return word == .get || word == .set
            }
        }
        switch word {
        case .actor:
            return next.kind == .identifier || (next.kind == .keyword && next.word.isContextual)
        case .some, .any, .each:
            return next.isWord || next.kind == .attribute
                || (next.kind == .punctuation && p[Int(next.start)] == UInt8(ascii: "("))
                || (next.kind == .punctuation && p[Int(next.start)] == UInt8(ascii: "["))
        default:
            return true
        }
    }
}

/// One frame of the lexer's mode stack.
struct LexerFrame {
    enum Kind { case code, string, quote }
    var kind: Kind
    /// For strings: the number of `#` in the delimiter.
    var hashes: Int
    /// For strings: a `"""` literal.
    var multiline: Bool
    /// For code inside an interpolation: open parentheses not yet closed.
    var parenDepth: Int
}

/// What the previous token was, for deciding whether a `/` may open a regex literal.
enum PreviousForRegex {
    /// Start of file, or a token after which an expression is expected.
    case expectsExpression
    /// An expression just ended (identifier, literal, closing bracket, postfix operator, …).
    case endsExpression
    /// `(`, `[`, `,`, `:`: an unapplied operator may stand here.
    case argumentListSeparator
    /// `func` or `operator`: the next token is an operator name.
    case operatorDeclaration
}

struct LexerState {
    let p: UnsafeBufferPointer<UInt8>
    let n: Int
    var pos = 0
    /// Code tokens are written here (capacity: one per byte, plus one).
    let output: UnsafeMutablePointer<Token>
    var codeCount = 0
    var comments: [Token] = []
    var stack: [LexerFrame] = [LexerFrame(kind: .code, hashes: 0, multiline: false, parenDepth: 0)]
    /// Flags gathered from trivia for the next token.
    var pendingFlags: TokenFlags = []
    var previous: PreviousForRegex = .expectsExpression
    /// The previous two tokens were `try` then `?` or `!`.
    var afterTryQuestion = false
    var lastWasTry = false
    var lastWasPeriod = false

    let keywords: KeywordTable
    /// `identifierBytes`: 1 for the ASCII bytes that continue an identifier, else 0 (256 entries).
    let identifierTable: UnsafeBufferPointer<UInt8>

    /// The ASCII identifier-continuation bytes (`$`, digits, letters, `_`) as a table: one load
    /// and one test per byte of a name. Bytes from 0x80 up are 0 and take the Unicode path.
    static let identifierBytes: [UInt8] = (0..<256).map { c in
        (c == 0x24 || (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || c == 0x5F || (c >= 0x61 && c <= 0x7A)) ? 1 : 0
    }

    init(_ p: UnsafeBufferPointer<UInt8>, keywords: KeywordTable, identifierBytes: UnsafeBufferPointer<UInt8>,
         output: UnsafeMutablePointer<Token>) {
        self.p = p
        self.n = p.count
        self.keywords = keywords
        self.identifierTable = identifierBytes
        self.output = output
    }

    @inline(__always) func peek(_ offset: Int = 0) -> UInt8 {
        let i = pos + offset
        return i < n ? p[i] : 0
    }

    @inline(__always) func byte(at i: Int) -> UInt8 { i >= 0 && i < n ? p[i] : 0 }

    mutating func run() {
        // A byte-order mark at the start is not part of any token.
        if n >= 3 && p[0] == 0xEF && p[1] == 0xBB && p[2] == 0xBF { pos = 3 }
        // A shebang line, like the byte-order mark, is trivia: not a token (swiftc agrees).
        if peek() == UInt8(ascii: "#") && peek(1) == UInt8(ascii: "!") {
            while pos < n && p[pos] != 0x0A && p[pos] != 0x0D { pos += 1 }
            pendingFlags.insert(.spaceBefore)
        }
        while pos < n {
            let before = pos
            // String frames are always finished (or have pushed a code frame) by the time
            // control returns here, so the top of the stack is code.
            lexCode()
            if pos == before {
                // Progress guard: nothing consumed this round; take one byte as unknown.
                emit(.unknown, pos, pos + 1)
                pos += 1
            }
        }
    }

    // MARK: Emission

    @inline(__always)
    mutating func emit(_ kind: TokenKind, _ start: Int, _ end: Int, word: Word = .none, flags: TokenFlags = []) {
        let token = Token(kind: kind, word: word, flags: pendingFlags.union(flags), start: start, end: end)
        pendingFlags = []
        if kind == .comment {
            comments.append(token)
        } else {
            // Bounded: every token covers at least one byte, and the buffer holds one per byte
            // (plus one); a token past that would be dropped, never written out of bounds.
            if codeCount <= n {
                (output + codeCount).initialize(to: token)
                codeCount += 1
            }
            afterTryQuestion = false
            lastWasTry = false
            lastWasPeriod = false
        }
    }

    // MARK: Code mode

    @inline(__always)
    mutating func lexCode() {
        let c = p[pos]
        switch c {
        case 0x20, 0x09, 0x0B, 0x0C, 0x00, 0x0A, 0x0D:
            // A run of whitespace in one go.
            var flags: TokenFlags = .spaceBefore
            while pos < n {
                let w = p[pos]
                if w == 0x20 || w == 0x09 { pos += 1; continue }
                if w == 0x0A || w == 0x0D { flags.insert(.newlineBefore); pos += 1; continue }
                if w == 0x0B || w == 0x0C || w == 0x00 { pos += 1; continue }
                break
            }
            pendingFlags.formUnion(flags)
        case UInt8(ascii: "/"):
            if peek(1) == UInt8(ascii: "/") {
                lexLineComment()
            } else if peek(1) == UInt8(ascii: "*") {
                lexBlockComment()
            } else {
                lexOperator()
            }
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"):
            lexIdentifier()
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            lexNumber()
        case UInt8(ascii: "\""):
            lexStringStart(hashes: 0, start: pos)
        case UInt8(ascii: "'"):
            lexQuoteStart()
        case UInt8(ascii: "#"):
            lexHash()
        case UInt8(ascii: "@"):
            lexAt()
        case UInt8(ascii: "$"):
            lexDollar()
        case UInt8(ascii: "`"):
            lexBacktick()
        case UInt8(ascii: "("):
            stack[stack.count - 1].parenDepth += 1
            punct(1, then: .argumentListSeparator)
        case UInt8(ascii: ")"):
            if stack.count > 1 && stack[stack.count - 1].parenDepth == 0 {
                // Closes an interpolation: the string resumes at this `)`.
                stack.removeLast()
                lexStringSegment(start: pos, closesInterpolation: true)
            } else {
                if stack[stack.count - 1].parenDepth > 0 { stack[stack.count - 1].parenDepth -= 1 }
                punct(1, then: .endsExpression)
            }
        case UInt8(ascii: "["), UInt8(ascii: ","), UInt8(ascii: ":"):
            punct(1, then: .argumentListSeparator)
        case UInt8(ascii: "{"), UInt8(ascii: ";"):
            punct(1, then: .expectsExpression)
        case UInt8(ascii: "]"), UInt8(ascii: "}"):
            punct(1, then: .endsExpression)
        case UInt8(ascii: "\\"):
            punct(1, then: .endsExpression)
        case UInt8(ascii: "."):
            // A dot-operator (`...`, `..<`, `.==`, `.+.`) starts with `.` and continues with
            // operator characters; a lone `.` is member access.
            if isDotOperatorStart() {
                lexOperator()
            } else {
                punct(1, then: .endsExpression)
                lastWasPeriod = true
            }
        case UInt8(ascii: "="), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "!"), UInt8(ascii: "*"),
             UInt8(ascii: "%"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"), UInt8(ascii: "|"),
             UInt8(ascii: "^"), UInt8(ascii: "~"), UInt8(ascii: "?"):
            lexOperator()
        case 0x80...0xFF:
            lexNonASCII()
        default:
            // Other control bytes and DEL.
            emit(.unknown, pos, pos + 1)
            pos += 1
            previous = .expectsExpression
        }
    }

    func isDotOperatorStart() -> Bool {
        switch peek(1) {
        case UInt8(ascii: "."), UInt8(ascii: "="), UInt8(ascii: "+"), UInt8(ascii: "*"), UInt8(ascii: "%"),
             UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"), UInt8(ascii: "|"), UInt8(ascii: "^"), UInt8(ascii: "~"):
            return true
        case UInt8(ascii: "-"), UInt8(ascii: "!"):
            // `.-` / `.!` only as part of a longer dot-operator (`.-.`), not `x = .-1`.
            return peek(2) == UInt8(ascii: ".")
        default:
            return false
        }
    }

    mutating func punct(_ length: Int, then next: PreviousForRegex) {
        emit(.punctuation, pos, pos + length)
        pos += length
        previous = next
    }

    mutating func lexLineComment() {
        let start = pos
        pos = min(n, pos + 2)
        // The line ends at the first \n or \r: let memchr find them.
        if pos < n, let base = p.baseAddress {
            var end = n
            if let hit = memchr(base + pos, 0x0A, n - pos) { end = base.distance(to: hit.assumingMemoryBound(to: UInt8.self)) }
            if end > pos, let cr = memchr(base + pos, 0x0D, end - pos) { end = base.distance(to: cr.assumingMemoryBound(to: UInt8.self)) }
            pos = end
        }
        let doc = pos - start >= 3 && p[start + 2] == UInt8(ascii: "/")
        emit(.comment, start, pos, flags: doc ? .docComment : [])
        pendingFlags.insert(.spaceBefore)
    }

    mutating func lexBlockComment() {
        let start = pos
        pos += 2
        var depth = 1
        while pos < n {
            let c = p[pos]
            if c == UInt8(ascii: "*") && peek(1) == UInt8(ascii: "/") {
                pos += 2
                depth -= 1
                if depth == 0 { break }
            } else if c == UInt8(ascii: "/") && peek(1) == UInt8(ascii: "*") {
                pos += 2
                depth += 1
            } else {
                pos += 1
            }
        }
        var flags: TokenFlags = depth > 0 ? .unterminated : []
        if pos - start >= 5 && p[start + 2] == UInt8(ascii: "*") && p[start + 3] != UInt8(ascii: "/") {
            flags.insert(.docComment)
        }
        emit(.comment, start, pos, flags: flags)
        pendingFlags.insert(.spaceBefore)
    }

    // MARK: Words

    @inline(__always)
    mutating func lexIdentifier() {
        let start = pos
        pos += 1
        scanIdentifierRest()
        let word = keywords.lookup(p, start, pos)
        if word.isReserved {
            emit(.keyword, start, pos, word: word)
            switch word {
            case .func, .operator: previous = .operatorDeclaration
            default: previous = word.isExpressionKeyword ? .endsExpression : .expectsExpression
            }
            lastWasTry = word == .try
        } else {
            emit(word == ._ ? .keyword : .identifier, start, pos, word: word)
            previous = .endsExpression
        }
    }

    /// Advances over identifier characters (ASCII letters, digits, `_`, and non-ASCII
    /// identifier characters).
    @inline(__always)
    mutating func scanIdentifierRest() {
        // ASCII bytes through the table; a local cursor keeps the loop in registers.
        var i = pos
        guard identifierTable.count == 256 else { return }
        while i < n {
            let c = p[i]
            if identifierTable[Int(c)] != 0 {
                i += 1
            } else if c < 128 {
                break
            } else {
                guard let (scalar, len) = UTF8Decoding.decode(p, i), Characters.isIdentifierContinuation(scalar) else { break }
                i += len
            }
        }
        pos = i
    }

    mutating func lexDollar() {
        let start = pos
        pos += 1
        scanIdentifierRest()
        emit(.identifier, start, pos)
        previous = .endsExpression
    }

    mutating func lexBacktick() {
        // `name`, and since Swift 6.2 raw identifiers with spaces; never across a line.
        var i = pos + 1
        while i < n && p[i] != UInt8(ascii: "`") && p[i] != 0x0A && p[i] != 0x0D { i += 1 }
        if i < n && p[i] == UInt8(ascii: "`") && i > pos + 1 {
            let word = keywords.lookup(p, pos + 1, i)
            emit(.identifier, pos, i + 1, word: word, flags: .escaped)
            pos = i + 1
            previous = .endsExpression
        } else {
            punct(1, then: .endsExpression)
        }
    }

    mutating func lexAt() {
        let start = pos
        let c = peek(1)
        if c == UInt8(ascii: "`") {
            var i = pos + 2
            while i < n && p[i] != UInt8(ascii: "`") && p[i] != 0x0A && p[i] != 0x0D { i += 1 }
            if i < n && p[i] == UInt8(ascii: "`") {
                pos = i + 1
                emit(.attribute, start, pos)
                previous = .endsExpression
                return
            }
        }
        if isIdentifierStart(at: pos + 1) {
            pos += 1
            pos += identifierStartLength(at: pos)
            scanIdentifierRest()
            emit(.attribute, start, pos)
            previous = .endsExpression
        } else {
            punct(1, then: .endsExpression)
        }
    }

    func isIdentifierStart(at i: Int) -> Bool {
        guard i < n else { return false }
        let c = p[i]
        if (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z")) || (c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z")) || c == UInt8(ascii: "_") {
            return true
        }
        if c >= 0x80, let (scalar, _) = UTF8Decoding.decode(p, i) { return Characters.isIdentifierStart(scalar) }
        return false
    }

    func identifierStartLength(at i: Int) -> Int {
        if p[i] < 0x80 { return 1 }
        return UTF8Decoding.decode(p, i)?.1 ?? 1
    }

    mutating func lexNonASCII() {
        guard let (scalar, len) = UTF8Decoding.decode(p, pos) else {
            // Invalid UTF-8: one unknown token for the run of bad bytes.
            let start = pos
            pos += 1
            while pos < n && p[pos] >= 0x80 && UTF8Decoding.decode(p, pos) == nil { pos += 1 }
            emit(.unknown, start, pos)
            previous = .expectsExpression
            return
        }
        if Characters.isOperatorHead(scalar) {
            lexOperator()
        } else if Characters.isIdentifierStart(scalar) {
            let start = pos
            pos += len
            scanIdentifierRest()
            emit(.identifier, start, pos)
            previous = .endsExpression
        } else if scalar == 0xA0 || scalar == 0x2028 || scalar == 0x2029 || scalar == 0xFEFF {
            // Whitespace-like scalars that swiftc warns about; not tokens.
            pos += len
            pendingFlags.insert(.spaceBefore)
        } else {
            emit(.unknown, pos, pos + len)
            pos += len
            previous = .expectsExpression
        }
    }

    // MARK: Numbers

    @inline(__always) static func isDigit(_ c: UInt8) -> Bool { c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") }
    @inline(__always) static func isHexDigit(_ c: UInt8) -> Bool {
        isDigit(c) || (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "f")) || (c >= UInt8(ascii: "A") && c <= UInt8(ascii: "F"))
    }

    mutating func lexNumber() {
        let start = pos
        var isFloat = false
        let afterPeriod = lastWasPeriod
        if p[pos] == UInt8(ascii: "0") && (peek(1) == UInt8(ascii: "x") || peek(1) == UInt8(ascii: "X")) {
            pos += 2
            while pos < n && (Self.isHexDigit(p[pos]) || p[pos] == UInt8(ascii: "_")) { pos += 1 }
            if !afterPeriod && peek() == UInt8(ascii: ".") && Self.isHexDigit(peek(1)) {
                // A hex fraction needs an exponent; `0x1.foo` is member access on an integer.
                var j = pos + 1
                while j < n && (Self.isHexDigit(p[j]) || p[j] == UInt8(ascii: "_")) { j += 1 }
                if j < n && (p[j] == UInt8(ascii: "p") || p[j] == UInt8(ascii: "P")) {
                    pos = j
                    isFloat = true
                }
            }
            if peek() == UInt8(ascii: "p") || peek() == UInt8(ascii: "P") {
                var j = pos + 1
                if j < n && (p[j] == UInt8(ascii: "+") || p[j] == UInt8(ascii: "-")) { j += 1 }
                if j < n && Self.isDigit(p[j]) {
                    pos = j
                    while pos < n && (Self.isDigit(p[pos]) || p[pos] == UInt8(ascii: "_")) { pos += 1 }
                    isFloat = true
                }
            }
        } else if p[pos] == UInt8(ascii: "0") && (peek(1) == UInt8(ascii: "o") || peek(1) == UInt8(ascii: "b")) {
            pos += 2
            while pos < n && (Self.isHexDigit(p[pos]) || p[pos] == UInt8(ascii: "_")) { pos += 1 }
        } else {
            while pos < n && (Self.isDigit(p[pos]) || p[pos] == UInt8(ascii: "_")) { pos += 1 }
            if !afterPeriod && peek() == UInt8(ascii: ".") && Self.isDigit(peek(1)) {
                pos += 1
                while pos < n && (Self.isDigit(p[pos]) || p[pos] == UInt8(ascii: "_")) { pos += 1 }
                isFloat = true
            }
            if !afterPeriod && (peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E")) {
                var j = pos + 1
                if j < n && (p[j] == UInt8(ascii: "+") || p[j] == UInt8(ascii: "-")) { j += 1 }
                if j < n && Self.isDigit(p[j]) {
                    pos = j
                    while pos < n && (Self.isDigit(p[pos]) || p[pos] == UInt8(ascii: "_")) { pos += 1 }
                    isFloat = true
                }
            }
        }
        // Letters glued to a number (`1abc`) stay in the literal, as swiftc's recovery does.
        scanIdentifierRest()
        emit(isFloat ? .float : .integer, start, pos)
        previous = .endsExpression
    }

    // MARK: `#`

    mutating func lexHash() {
        let start = pos
        var hashes = 0
        while peek(hashes) == UInt8(ascii: "#") { hashes += 1 }
        let after = peek(hashes)
        if after == UInt8(ascii: "\"") {
            lexStringStart(hashes: hashes, start: start)
            return
        }
        if after == UInt8(ascii: "/") {
            if let end = scanRegex(at: start, mustBeRegex: true) {
                emit(.regex, start, end)
                pos = end
                previous = .endsExpression
                return
            }
        }
        if isIdentifierStart(at: pos + 1) {
            var j = pos + 1
            j += identifierStartLength(at: j)
            let save = pos
            pos = j
            scanIdentifierRest()
            let nameEnd = pos
            pos = save
            if let directive = Self.directive(p, start + 1, nameEnd) {
                let flags: TokenFlags = directive.isConditional ? .directive : []
                emit(.pound, start, nameEnd, word: directive.word, flags: flags)
                pos = nameEnd
                previous = directive.expectsExpression ? .expectsExpression : .endsExpression
                return
            }
        }
        // A bare `#` before a macro or object-literal name (`#selector`, `#expect`, …).
        punctPound()
    }

    mutating func punctPound() {
        emit(.pound, pos, pos + 1)
        pos += 1
        previous = .endsExpression
    }

    struct Directive {
        var word: Word
        var isConditional: Bool
        var expectsExpression: Bool
    }

    static let directives: [(String, Directive)] = [
        ("if", Directive(word: .if, isConditional: true, expectsExpression: true)),
        ("elseif", Directive(word: .none, isConditional: true, expectsExpression: true)),
        ("else", Directive(word: .else, isConditional: true, expectsExpression: true)),
        ("endif", Directive(word: .none, isConditional: true, expectsExpression: true)),
        ("available", Directive(word: .none, isConditional: false, expectsExpression: false)),
        ("unavailable", Directive(word: .none, isConditional: false, expectsExpression: false)),
        ("sourceLocation", Directive(word: .none, isConditional: false, expectsExpression: false)),
        ("_hasSymbol", Directive(word: .none, isConditional: false, expectsExpression: false)),
    ].map { (name, d) in (name, d) }

    static let directiveBytes: [([UInt8], Directive)] = directives.map { (Array($0.0.utf8), $0.1) }

    static func directive(_ p: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Directive? {
        let len = end - start
        outer: for (name, d) in directiveBytes where name.count == len {
            for k in 0..<len where name[k] != p[start + k] { continue outer }
            return d
        }
        return nil
    }

    // MARK: Operators and regex literals

    /// Operator characters, `.`-operators, and `/…/` regex literals starting inside an operator.
    mutating func lexOperator() {
        let start = pos
        let startsWithDot = p[pos] == UInt8(ascii: ".")
        guard let firstLen = operatorCharLength(at: pos, head: true) else {
            emit(.unknown, pos, pos + 1)
            pos += 1
            return
        }
        pos += firstLen
        while pos < n {
            if p[pos] == UInt8(ascii: ".") && !startsWithDot { break }
            guard let len = operatorCharLength(at: pos, head: false) else { break }
            pos += len
        }
        var end = pos
        // A bare regex literal may start at the first `/` of the operator.
        var r = start
        while r < end {
            if p[r] == UInt8(ascii: "/") {
                if let regexEnd = tryBareRegex(at: r, operatorStart: start, operatorEnd: end) {
                    if r > start {
                        emit(.operator, start, r)
                    }
                    pos = r
                    emit(.regex, r, regexEnd)
                    pos = regexEnd
                    previous = .endsExpression
                    return
                }
                break
            }
            r += 1
        }
        // `//` or `/*` inside an operator starts a comment.
        if end - start > 2 {
            var k = start + 1
            while k < end - 1 {
                if p[k] == UInt8(ascii: "/") && (p[k + 1] == UInt8(ascii: "/") || p[k + 1] == UInt8(ascii: "*")) {
                    end = k
                    break
                }
                k += 1
            }
        }
        pos = end
        let leftBound = isLeftBound(start)
        let rightBound = isRightBound(end, leftBound: leftBound)
        let len = end - start
        let c0 = p[start]
        var kind: TokenKind = .operator
        if len == 1 && c0 == UInt8(ascii: "=") { kind = .punctuation }
        if len == 2 && c0 == UInt8(ascii: "-") && p[start + 1] == UInt8(ascii: ">") { kind = .punctuation }
        let wasTry = lastWasTry
        emit(kind, start, end)
        if len == 1 && (c0 == UInt8(ascii: "?") || c0 == UInt8(ascii: "!")) && leftBound {
            previous = .endsExpression
            afterTryQuestion = wasTry
            return
        }
        if kind == .punctuation && len == 2 {
            previous = .endsExpression  // `->`
        } else if leftBound && !rightBound {
            previous = .endsExpression  // postfix
        } else {
            previous = .expectsExpression  // prefix or binary, `=`
        }
    }

    /// The byte length of the operator character at `i`, or nil if there is none.
    @inline(__always)
    func operatorCharLength(at i: Int, head: Bool) -> Int? {
        let c = p[i]
        switch c {
        case UInt8(ascii: "/"), UInt8(ascii: "="), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "!"),
             UInt8(ascii: "*"), UInt8(ascii: "%"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"),
             UInt8(ascii: "|"), UInt8(ascii: "^"), UInt8(ascii: "~"), UInt8(ascii: "?"), UInt8(ascii: "."):
            return 1
        case 0x80...0xFF:
            guard let (scalar, len) = UTF8Decoding.decode(p, i) else { return nil }
            if head ? Characters.isOperatorHead(scalar) : Characters.isOperatorContinuation(scalar) { return len }
            return nil
        default:
            return nil
        }
    }

    /// True when the character before an operator binds it on the left.
    func isLeftBound(_ start: Int) -> Bool {
        if start == 0 { return false }
        switch p[start - 1] {
        case 0x20, 0x0D, 0x0A, 0x09, UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"),
             UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: ":"), 0x00, 0x0B, 0x0C:
            return false
        case UInt8(ascii: "/"):
            // The end of a block comment counts as whitespace.
            return !(start >= 2 && p[start - 2] == UInt8(ascii: "*"))
        default:
            return true
        }
    }

    /// True when the character after an operator binds it on the right.
    func isRightBound(_ end: Int, leftBound: Bool) -> Bool {
        if end >= n { return false }
        switch p[end] {
        case 0x20, 0x0D, 0x0A, 0x09, UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"),
             UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: ":"), 0x00, 0x0B, 0x0C:
            return false
        case UInt8(ascii: "."):
            return !leftBound
        case UInt8(ascii: "/"):
            let next = byte(at: end + 1)
            return !(next == UInt8(ascii: "/") || next == UInt8(ascii: "*"))
        default:
            return true
        }
    }

    /// Decides whether the `/` at `r`, inside the operator `operatorStart..<operatorEnd`, opens
    /// a bare `/…/` regex literal, following swiftc's rules: the operator must not be bound on
    /// the left; after `func` or `operator` it is an operator name; when the `/` reads like a
    /// binary operator the previous token must expect an expression. Returns the literal's end.
    mutating func tryBareRegex(at r: Int, operatorStart: Int, operatorEnd: Int) -> Int? {
        let leftBound = isLeftBound(operatorStart)
        if leftBound { return nil }
        if previous == .operatorDeclaration { return nil }
        let rightBound = isRightBound(operatorEnd, leftBound: leftBound)
        var mustBeRegex = false
        if leftBound == rightBound {
            if afterTryQuestion { mustBeRegex = true }
            if !mustBeRegex && previous == .endsExpression { return nil }
            if previous != .argumentListSeparator { mustBeRegex = true }
        }
        return scanRegex(at: r, mustBeRegex: mustBeRegex)
    }

    /// Scans a regex literal whose delimiter (`#`s then `/`) starts at `start`. Returns its end,
    /// or nil when this is not a regex literal.
    func scanRegex(at start: Int, mustBeRegex: Bool) -> Int? {
        var i = start
        var hashes = 0
        while i < n && p[i] == UInt8(ascii: "#") { hashes += 1; i += 1 }
        guard i < n && p[i] == UInt8(ascii: "/") else { return nil }
        i += 1
        if hashes == 0 {
            let next = byte(at: i)
            if next == UInt8(ascii: " ") || next == UInt8(ascii: "\t") {
                if !mustBeRegex { return nil }
            } else if next == UInt8(ascii: "*") || next == UInt8(ascii: "/") {
                return nil
            }
        }
        // An extended literal whose opening delimiter ends its line is a multi-line literal.
        var firstNewline: Int? = nil
        if hashes > 0 {
            var j = i
            while j < n && (p[j] == UInt8(ascii: " ") || p[j] == UInt8(ascii: "\t")) { j += 1 }
            if j < n && (p[j] == 0x0A || p[j] == 0x0D) {
                firstNewline = j
                i = j
            }
        }
        var groupDepth = 0
        var classDepth = 0
        var lastSpace = -2
        while true {
            // Closing delimiter?
            if i < n && p[i] == UInt8(ascii: "/") {
                var j = i + 1
                var closeHashes = 0
                if hashes > 0 {
                    while j < n && p[j] == UInt8(ascii: "#") { closeHashes += 1; j += 1 }
                }
                if closeHashes >= hashes {
                    if closeHashes == 0 {
                        let after = byte(at: j)
                        if after == UInt8(ascii: "*") || after == UInt8(ascii: "/") {
                            return mustBeRegex ? nil : nil  // would open a comment: unterminated
                        }
                        if lastSpace == i - 1 && !mustBeRegex { return nil }
                    }
                    return j
                }
            }
            if i >= n {
                // Unterminated.
                if !mustBeRegex { return nil }
                if let firstNewline { return firstNewline }
                return n
            }
            let c = p[i]
            var escaped = false
            if c == UInt8(ascii: "\\") {
                escaped = true
                i += 1
                if i >= n {
                    if !mustBeRegex { return nil }
                    return firstNewline ?? n
                }
            }
            let d = p[i]
            switch d {
            case 0x0A, 0x0D:
                if firstNewline == nil {
                    // A one-line literal cannot span lines.
                    return mustBeRegex ? i : nil
                }
            case UInt8(ascii: "(") where !escaped && classDepth == 0:
                groupDepth += 1
            case UInt8(ascii: ")") where !escaped && classDepth == 0:
                if groupDepth == 0 {
                    if !mustBeRegex { return nil }
                } else {
                    groupDepth -= 1
                }
            case UInt8(ascii: "[") where !escaped:
                classDepth += 1
            case UInt8(ascii: "]") where !escaped:
                if classDepth > 0 { classDepth -= 1 }
            case UInt8(ascii: " "), UInt8(ascii: "\t"):
                if !escaped { lastSpace = i }
            default:
                break
            }
            if d >= 0x80, let (_, len) = UTF8Decoding.decode(p, i) {
                i += len
            } else {
                i += 1
            }
        }
    }

    // MARK: Strings

    mutating func lexStringStart(hashes: Int, start: Int) {
        var i = start + hashes
        // i is at the first quote
        var multiline = false
        if byte(at: i + 1) == UInt8(ascii: "\"") && byte(at: i + 2) == UInt8(ascii: "\"") && !closesOnSameLine(from: i + 2, hashes: hashes) {
            multiline = true
            i += 3
        } else {
            i += 1
        }
        pos = i
        stack.append(LexerFrame(kind: .string, hashes: hashes, multiline: multiline, parenDepth: 0))
        lexStringSegment(start: start, closesInterpolation: false)
    }

    /// `#"""#` is a one-line raw string holding one quote: a raw literal whose `"""` is
    /// followed on the same line by `"` and its closing `#`s is not a multi-line literal.
    func closesOnSameLine(from start: Int, hashes: Int) -> Bool {
        guard hashes > 0 else { return false }
        var k = start
        while k < n && p[k] != 0x0A && p[k] != 0x0D {
            if p[k] == UInt8(ascii: "\"") && hashesFollow(k + 1, hashes) { return true }
            k += 1
        }
        return false
    }

    mutating func lexQuoteStart() {
        // `'…'` is not Swift; swiftc recovers by reading it as a literal, and so do we.
        let start = pos
        pos += 1
        stack.append(LexerFrame(kind: .quote, hashes: 0, multiline: false, parenDepth: 0))
        lexStringSegment(start: start, closesInterpolation: false)
    }

    /// Lexes string content from `pos` until the closing delimiter, an interpolation, or (for
    /// one-line literals) the end of the line. The segment token starts at `start`.
    mutating func lexStringSegment(start: Int, closesInterpolation: Bool) {
        let frame = stack[stack.count - 1]
        let hashes = frame.hashes
        let isQuote = frame.kind == .quote
        let segmentFlags: TokenFlags = (closesInterpolation && start < n && p[start] == UInt8(ascii: ")") && pos == start) ? .closesInterpolation : []
        if segmentFlags.contains(.closesInterpolation) { pos += 1 }
        while pos < n {
            // Fast path: skip ordinary characters with a local cursor.
            var i = pos
            while i < n {
                let b = p[i]
                if b == UInt8(ascii: "\\") || b == UInt8(ascii: "\"") || b == 0x0A || b == 0x0D || b == UInt8(ascii: "'") { break }
                i += 1
            }
            pos = i
            if pos >= n { break }
            let c = p[pos]
            if c == UInt8(ascii: "\\") && !isQuote {
                // Count the `#`s after the backslash: only a matching count escapes.
                var j = pos + 1
                var h = 0
                while h < hashes && j < n && p[j] == UInt8(ascii: "#") { h += 1; j += 1 }
                if h == hashes {
                    if j < n && p[j] == UInt8(ascii: "(") {
                        emit(.string, start, j + 1, flags: segmentFlags.union(.opensInterpolation))
                        pos = j + 1
                        stack.append(LexerFrame(kind: .code, hashes: 0, multiline: false, parenDepth: 0))
                        previous = .argumentListSeparator
                        return
                    }
                    // An escape: skip the escaped character (a line break in a multi-line
                    // literal is a line continuation; in a one-line literal it ends the string).
                    if j < n && (p[j] == 0x0A || p[j] == 0x0D) && !frame.multiline {
                        pos = j
                        continue
                    }
                    pos = min(n, j + 1)
                    continue
                }
                pos += 1
                continue
            }
            if isQuote && c == UInt8(ascii: "\\") {
                pos = min(n, pos + 2)
                continue
            }
            if c == UInt8(ascii: "\"") && !isQuote {
                if frame.multiline {
                    if byte(at: pos + 1) == UInt8(ascii: "\"") && byte(at: pos + 2) == UInt8(ascii: "\"") && hashesFollow(pos + 3, hashes) {
                        finishString(start, pos + 3 + hashes, segmentFlags)
                        return
                    }
                } else if hashesFollow(pos + 1, hashes) {
                    finishString(start, pos + 1 + hashes, segmentFlags)
                    return
                }
                pos += 1
                continue
            }
            if isQuote && c == UInt8(ascii: "'") {
                finishString(start, pos + 1, segmentFlags)
                return
            }
            if (c == 0x0A || c == 0x0D) && !frame.multiline {
                // Unterminated one-line literal: it ends before the line break.
                finishString(start, pos, segmentFlags.union(.unterminated))
                return
            }
            pos += 1
        }
        finishString(start, n, segmentFlags.union(.unterminated))
    }

    func hashesFollow(_ i: Int, _ count: Int) -> Bool {
        if count == 0 { return true }
        if i + count > n { return false }
        for k in 0..<count where p[i + k] != UInt8(ascii: "#") { return false }
        return true
    }

    mutating func finishString(_ start: Int, _ end: Int, _ flags: TokenFlags) {
        emit(.string, start, end, flags: flags)
        pos = end
        stack.removeLast()
        if stack.isEmpty {
            stack.append(LexerFrame(kind: .code, hashes: 0, multiline: false, parenDepth: 0))
        }
        previous = .endsExpression
    }
}
