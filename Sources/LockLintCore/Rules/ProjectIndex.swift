/// What one type is across the whole project: collected from every file's declarations and
/// extensions in a first pass, so a rule can see an actor extended in another file, or a class
/// made `@unchecked Sendable` by an extension elsewhere.
public struct TypeFacts: Sendable, Equatable {
    public var isClass = false
    public var isActor = false
    public var isStruct = false
    public var isEnum = false
    public var isProtocol = false
    public var isFinal = false
    public var isUncheckedSendable = false
    /// Isolated to a global actor (`@MainActor class …`): its state is protected by that actor.
    public var isGlobalActorIsolated = false
    /// Made `@unchecked Sendable` by an extension (not only by a declaration of this name).
    public var uncheckedViaExtension = false
    /// Mutable stored instance properties (`var`, not computed), sorted.
    public var storedVars: [String] = []
    /// Stored properties that are locks, sorted.
    public var lockProperties: [String] = []
    /// Stored properties that are serial dispatch queues, sorted.
    public var queueProperties: [String] = []
    /// Where the type is declared: path and 1-based line (first declaration).
    public var declaredAt: String = ""

    public init() {}

    mutating func merge(_ o: TypeFacts) {
        isClass = isClass || o.isClass
        isActor = isActor || o.isActor
        isStruct = isStruct || o.isStruct
        isEnum = isEnum || o.isEnum
        isProtocol = isProtocol || o.isProtocol
        isFinal = isFinal || o.isFinal
        isUncheckedSendable = isUncheckedSendable || o.isUncheckedSendable
        isGlobalActorIsolated = isGlobalActorIsolated || o.isGlobalActorIsolated
        uncheckedViaExtension = uncheckedViaExtension || o.uncheckedViaExtension
        storedVars = Array(Set(storedVars).union(o.storedVars)).sorted()
        lockProperties = Array(Set(lockProperties).union(o.lockProperties)).sorted()
        queueProperties = Array(Set(queueProperties).union(o.queueProperties)).sorted()
        if declaredAt.isEmpty || (!o.declaredAt.isEmpty && o.declaredAt < declaredAt && (o.isClass || o.isActor || o.isStruct || o.isEnum)) {
            if !o.declaredAt.isEmpty { declaredAt = o.declaredAt }
        }
    }
}

/// Facts keyed by module and type name. The module is inferred from the path: the folder
/// under `Sources/` or `Tests/` (SwiftPM's layout), else the file's folder.
public struct ProjectIndex: Sendable {
    public private(set) var types: [String: TypeFacts] = [:]

    public init() {}

    public static func key(module: String, name: String) -> String { module + "\u{1F}" + name }

    public static func moduleKey(forPath path: String) -> String {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        var k = parts.count - 2
        while k >= 0 {
            let p = parts[k]
            if (p == "Sources" || p == "Tests" || p == "Plugins" || p == "Benchmarks") && k + 1 < parts.count - 1 {
                return parts[0...(k + 1)].joined(separator: "/")
            }
            k -= 1
        }
        return parts.dropLast().joined(separator: "/")
    }

    public mutating func merge(_ other: ProjectIndex) {
        for (k, v) in other.types {
            types[k, default: TypeFacts()].merge(v)
        }
    }

    public mutating func add(_ key: String, _ facts: TypeFacts) {
        types[key, default: TypeFacts()].merge(facts)
    }

    public func facts(module: String, name: String) -> TypeFacts? {
        types[Self.key(module: module, name: name)]
    }

    /// Extracts the facts one file contributes.
    public static func facts(of s: FileStructure, vocabulary: LockVocabulary) -> ProjectIndex {
        var index = ProjectIndex()
        let module = moduleKey(forPath: s.file.path)
        for (di, d) in s.decls.enumerated() where d.kind.isType && !d.nameText.isEmpty {
            var f = TypeFacts()
            switch d.kind {
            case .class: f.isClass = true
            case .actor: f.isActor = true
            case .struct: f.isStruct = true
            case .enum: f.isEnum = true
            case .protocol: f.isProtocol = true
            default: break
            }
            if d.kind == .class { f.isFinal = d.modifiers.contains(.final) }
            f.isGlobalActorIsolated = s.hasGlobalActor(d)
            if d.kind != .extension {
                f.declaredAt = "\(s.file.path):\(s.line(ofToken: d.name >= 0 ? d.name : d.keyword))"
            }
            for t in s.inheritedTypes(of: di) where t.unchecked && t.name == "Sendable" {
                f.isUncheckedSendable = true
                if d.kind == .extension { f.uncheckedViaExtension = true }
            }
            var vars = Set<String>()
            var locks = Set<String>()
            var queues = Set<String>()
            for m in members(of: di, in: s) {
                let v = s.decls[m]
                guard v.kind == .variable, !v.isStaticMember, !v.nameText.isEmpty else { continue }
                if vocabulary.lockType(of: v, in: s, strict: false) != nil {
                    locks.insert(v.nameText)
                    continue
                }
                if isSerialQueue(v, in: s) {
                    queues.insert(v.nameText)
                    continue
                }
                if !v.isLet && !v.isComputed && !s.hasPropertyWrapper(v) && !s.hasGlobalActor(v) { vars.insert(v.nameText) }
            }
            f.storedVars = vars.sorted()
            f.lockProperties = locks.sorted()
            f.queueProperties = queues.sorted()
            index.add(key(module: module, name: d.nameText), f)
        }
        return index
    }

    /// Declarations whose parent is type declaration `d`.
    public static func members(of d: Int, in s: FileStructure) -> [Int] { s.children[d] }

    /// A `DispatchQueue` property created without `.concurrent` (or only annotated).
    public static func isSerialQueue(_ v: Decl, in s: FileStructure) -> Bool {
        var named = false
        for i in v.typeAnnotation where s.code[i].kind == .identifier && s.is(i, "DispatchQueue") { named = true }
        var concurrent = false
        var i = v.initializer.lowerBound
        while i < v.initializer.upperBound {
            if s.is(i, "DispatchQueue") && s.isChar(i + 1, UInt8(ascii: "(")) { named = true }
            if s.is(i, "concurrent") { concurrent = true }
            i += 1
        }
        return named && !concurrent
    }
}
