/// What makes a token's code asynchronous, for messages and notes that name it: the `async`
/// function or accessor, the `async` closure, or the `Task {}` / `Task.detached {}` / child-task
/// body whose code holds it. Closures that run inline, before their caller returns (continuation
/// bodies, `forEach`, `withLock`, …), pass the question on to their caller; any other closure may
/// run later on another thread and ends the search.
public enum AsyncOrigin: Equatable, Sendable {
    /// An `async` function, initializer, subscript or accessor (index into `decls`).
    case function(Int)
    /// A closure marked `async`, or the body closure of `withTaskGroup` and friends (index into `closures`).
    case closure(Int)
    /// A closure passed to `Task`, `Task.detached`, `addTask`, or SwiftUI's `.task` / `.refreshable`.
    case task(Int)
}

extension AsyncContext {
    /// Functions whose closure argument is itself async (the compiler infers it from the parameter type).
    public static let asyncBodyCallees: Set<String> = [
        "withTaskGroup", "withThrowingTaskGroup", "withDiscardingTaskGroup", "withThrowingDiscardingTaskGroup",
    ]

    /// Modifiers (called as `.name { }`) whose closure is an async task tied to a view.
    public static let taskModifiers: Set<String> = ["task", "refreshable"]

    /// Functions whose closure runs at once, while the caller waits: the caller's context carries in.
    public static let inlineCallees: Set<String> = LockRegions.immediateCallees.union([
        "forEach", "map", "compactMap", "flatMap", "filter", "reduce", "sorted", "sort", "first", "firstIndex",
        "last", "lastIndex", "contains", "allSatisfy", "min", "max", "partition", "removeAll", "drop", "prefix",
        "withExtendedLifetime", "autoreleasepool", "withUnsafeBufferPointer", "withUnsafeMutableBufferPointer",
        "withUnsafeBytes", "withUnsafeMutableBytes", "withUnsafePointer", "withUnsafeMutablePointer",
        "withLock", "withLockIfAvailable", "withLockedValue", "withLockUnchecked", "withCriticalRegion",
    ])

    /// The async function, async closure or task body that makes the code at token `i` async, or
    /// nil when it runs synchronously (or in a closure whose timing is unknown).
    public static func origin(_ s: FileStructure, at i: Int) -> AsyncOrigin? {
        for sc in s.enclosingScopes(of: i) {
            let scope = s.scopes[sc]
            switch scope.kind {
            case .closure:
                let ci = scope.closure
                let c = s.closures[ci]
                if c.callee >= 0 {
                    if taskCallees.contains(s.text(c.callee)) { return .task(ci) }
                    if s.isChar(c.callee - 1, UInt8(ascii: ".")) && taskModifiers.contains(s.text(c.callee)) { return .task(ci) }
                }
                if c.isAsync { return .closure(ci) }
                if c.callee >= 0 {
                    let name = s.text(c.callee)
                    if asyncBodyCallees.contains(name) { return .closure(ci) }
                    if inlineCallees.contains(name) { continue }
                }
                return nil
            case .functionBody, .accessorBlock:
                let d = scope.decl
                if d >= 0 && s.decls[d].kind.isFunctionLike { return s.decls[d].isAsync ? .function(d) : nil }
                if d >= 0 && s.decls[d].kind == .variable { return nil }
                continue
            default:
                continue
            }
        }
        return nil
    }

    /// A short description of an origin for messages: "async function 'load()'", "the Task body".
    public static func describe(_ o: AsyncOrigin, in s: FileStructure) -> String {
        switch o {
        case .function(let d):
            let decl = s.decls[d]
            switch decl.kind {
            case .initializer: return "async initializer"
            case .accessor:
                let owner = decl.parent >= 0 ? s.decls[decl.parent].nameText : ""
                return owner.isEmpty ? "async accessor" : "async getter of '\(owner)'"
            case .subscript: return "async subscript"
            default: return "async function '\(decl.nameText)()'"
            }
        case .closure(let c):
            let callee = s.closures[c].callee
            if callee >= 0 && asyncBodyCallees.contains(s.text(callee)) { return "the \(s.text(callee)) body" }
            return "an async closure"
        case .task(let c):
            let callee = s.closures[c].callee
            switch s.text(callee) {
            case "detached": return "a Task.detached body"
            case "Task": return "a Task body"
            case "task", "refreshable": return "a .\(s.text(callee)) body"
            default: return "a child task (\(s.text(callee)))"
            }
        }
    }

    /// The token a note about the origin points at: the function's name (or keyword), or the
    /// closure's callee (or its brace).
    public static func anchor(_ o: AsyncOrigin, in s: FileStructure) -> Int {
        switch o {
        case .function(let d):
            let decl = s.decls[d]
            return decl.name >= 0 && decl.kind == .function ? decl.name : decl.keyword
        case .closure(let c), .task(let c):
            let cl = s.closures[c]
            return cl.callee >= 0 ? cl.callee : cl.open
        }
    }
}
