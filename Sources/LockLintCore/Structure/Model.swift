/// The structural model of one file: declarations, scopes (braces) and closures, built once by
/// `StructureBuilder` from the code tokens and queried by every rule.
///
/// Indices are into `code` (the tokens without comments) unless a name says otherwise.

public enum DeclKind: UInt8, Sendable {
    case `class`, `struct`, `enum`, actor, `protocol`, `extension`
    case function, initializer, deinitializer, `subscript`, variable, accessor
    case other

    public var isType: Bool {
        switch self {
        case .class, .struct, .enum, .actor, .protocol, .extension: true
        default: false
        }
    }

    public var isFunctionLike: Bool {
        switch self {
        case .function, .initializer, .deinitializer, .subscript, .accessor: true
        default: false
        }
    }

    public var keyword: String {
        switch self {
        case .class: "class"
        case .struct: "struct"
        case .enum: "enum"
        case .actor: "actor"
        case .protocol: "protocol"
        case .extension: "extension"
        case .function: "func"
        case .initializer: "init"
        case .deinitializer: "deinit"
        case .subscript: "subscript"
        case .variable: "var"
        case .accessor: "accessor"
        case .other: "declaration"
        }
    }
}

/// Declaration modifiers, as a bit set.
public struct Modifiers: OptionSet, Sendable, Hashable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let `static` = Modifiers(rawValue: 1 << 0)
    public static let `class` = Modifiers(rawValue: 1 << 1)
    public static let `private` = Modifiers(rawValue: 1 << 2)
    public static let `fileprivate` = Modifiers(rawValue: 1 << 3)
    public static let `internal` = Modifiers(rawValue: 1 << 4)
    public static let `public` = Modifiers(rawValue: 1 << 5)
    public static let open = Modifiers(rawValue: 1 << 6)
    public static let package = Modifiers(rawValue: 1 << 7)
    public static let final = Modifiers(rawValue: 1 << 8)
    public static let lazy = Modifiers(rawValue: 1 << 9)
    public static let nonisolated = Modifiers(rawValue: 1 << 10)
    /// `nonisolated(unsafe)`
    public static let nonisolatedUnsafe = Modifiers(rawValue: 1 << 11)
    public static let weak = Modifiers(rawValue: 1 << 12)
    public static let unowned = Modifiers(rawValue: 1 << 13)
    public static let override = Modifiers(rawValue: 1 << 14)
    public static let distributed = Modifiers(rawValue: 1 << 15)
    public static let mutating = Modifiers(rawValue: 1 << 16)
    public static let convenience = Modifiers(rawValue: 1 << 17)
    public static let required = Modifiers(rawValue: 1 << 18)
    public static let dynamic = Modifiers(rawValue: 1 << 19)
    public static let indirect = Modifiers(rawValue: 1 << 20)
    /// `private(set)` and friends: only the setter is restricted.
    public static let setterAccess = Modifiers(rawValue: 1 << 21)
    public static let optional = Modifiers(rawValue: 1 << 22)
    public static let isolated = Modifiers(rawValue: 1 << 23)
}

public struct Decl: Sendable {
    public var kind: DeclKind
    /// The introducing keyword (`class`, `func`, `let`, …).
    public var keyword: Int
    /// The first attribute or modifier before the keyword (== keyword when there is none).
    public var start: Int
    /// The name token, or -1 (e.g. `init`, `deinit`, an extension's is its type's last component).
    public var name: Int
    public var nameText: String
    /// For extensions: the full dotted name (`Outer.Inner`).
    public var fullName: String
    /// Index of the enclosing declaration, or -1.
    public var parent: Int
    /// Scope index of the body (`{ … }`), or -1.
    public var body: Int
    public var modifiers: Modifiers
    /// Whether attribute tokens stand before the keyword (see `FileStructure.attributes(of:)`).
    public var hasAttributes: Bool
    /// Types after `:` (inheritance/conformances), token range; empty when none.
    public var inheritance: Range<Int>
    /// Variables: the type annotation after `:`; functions: the signature from name to body.
    public var typeAnnotation: Range<Int>
    /// Variables: the initializer expression after `=`.
    public var initializer: Range<Int>
    /// Variables: `let` rather than `var`.
    public var isLet: Bool
    /// Variables: has a getter/setter block (not just `willSet`/`didSet` observers).
    public var isComputed: Bool
    /// Functions and closures: marked `async`.
    public var isAsync: Bool
    public var isThrows: Bool
    /// Functions: the names of the parameters (internal names), for shadowing checks.
    public var parameterNames: [String]
    /// The token index just past the declaration (end of body or of the statement).
    public var end: Int

    public var isStaticMember: Bool { modifiers.contains(.static) || modifiers.contains(.class) }
}

public enum ScopeKind: UInt8, Sendable {
    /// The body of a type or extension.
    case typeBody
    /// The body of a function, initializer, deinit, subscript or accessor.
    case functionBody
    /// A `{ get set }` / `{ willSet didSet }` block of a property or subscript.
    case accessorBlock
    case closure
    /// `if`, `guard … else`, `else`, `for`, `while`, `repeat`, `do`, `catch`, `switch`, `defer`.
    case statement
    /// Anything else (e.g. `precedencegroup`).
    case other
}

public struct Scope: Sendable {
    public var kind: ScopeKind
    /// Index of the `{`.
    public var open: Int
    /// Index of the matching `}` (or the last token when unclosed).
    public var close: Int
    /// Enclosing scope, or -1 at file level.
    public var parent: Int
    /// The declaration this body belongs to (type, function, accessor, variable), or -1.
    public var decl: Int
    /// The closure this scope is, or -1.
    public var closure: Int
    /// For statements: the introducing keyword's token index (`if`, `defer`, …), or -1.
    public var statementKeyword: Int

    /// The tokens strictly between the braces. Always a valid range, also for a scope left
    /// open at the end of the file (where `close == open`): build loops over a body from this,
    /// never from `(open + 1)..<close`, which traps on unfinished code.
    @inlinable public var interior: Range<Int> { (open + 1)..<Swift.max(open + 1, close) }
}

public struct Closure: Sendable {
    /// Scope index of the closure's body.
    public var scope: Int
    public var open: Int
    public var close: Int
    /// The called function's name token (`withLock`, `Task`, `detached`, `sync`), or -1.
    public var callee: Int
    /// First token of the callee's receiver (`self.lock` in `self.lock.withLock {}`), or -1.
    public var receiverStart: Int
    /// The argument label the closure is passed with, or -1.
    public var label: Int
    public var isTrailing: Bool
    /// `in` keyword ending the signature, or -1.
    public var inKeyword: Int
    public var isAsync: Bool
    public var parameterNames: [String]

    /// The tokens strictly between the braces (see `Scope.interior`).
    @inlinable public var interior: Range<Int> { (open + 1)..<Swift.max(open + 1, close) }
}

/// One branch of an `#if` / `#elseif` / `#else` chain: the code between its directive and the
/// next directive of the same chain, and what the compiler must have decided to compile it.
public struct ConditionalBranch: Sendable {
    /// The branch this chain sits in, or -1.
    public var parent: Int
    /// The branch's directive token; the branch holds the tokens after it up to `end`.
    public var start: Int
    /// The next directive of the chain (or the end of the file when the chain is left open).
    public var end: Int
    /// The conditions this branch (with the branches around it) assumes: `+C` for its own
    /// condition, `-C` for each earlier condition of its chain, `C` as written without spaces
    /// and with a leading `!` read as the negation (`#if !os(Windows)` assumes `-os(Windows)`).
    public var assumes: [String]
    /// Compiled only for tests: it assumes a test flag (a condition name containing `TEST`,
    /// not negated) that no other branch of its conditions can stand in for (`#if TESTING`,
    /// `#if DEBUG && TESTING`, not `#if os(iOS) || TESTING` nor `#if !TESTING`).
    public var testOnly = false
}
