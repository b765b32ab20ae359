/// What an Xcode project (`project.pbxproj`) says that changes a review: whether every target
/// it builds isolates to the main actor by default (`SWIFT_DEFAULT_ACTOR_ISOLATION = MainActor`).
///
/// The project file is an old-style property list: dictionaries `{ key = value; }`, arrays
/// `( a, b, )`, bare or quoted strings and comments. Which target compiles which file would need
/// the project's whole group tree, so the answer is only given when it does not depend on that:
/// every configuration of every native target builds with main-actor isolation, written in the
/// target's settings or inherited from the project's settings of the same name. A target
/// configuration that inherits the value while it has an `.xcconfig` of its own may override it
/// there, so that is not known, and the project then says nothing.
public struct XcodeProject: Sendable, Equatable {
    /// Every native target builds with `SWIFT_DEFAULT_ACTOR_ISOLATION = MainActor`.
    public var everyTargetDefaultsToMainActor = false

    public init() {}

    public init(bytes: [UInt8]) {
        var parser = PropertyListParser(bytes)
        guard case .dictionary(let root)? = parser.value(depth: 0),
              case .dictionary(let objects)? = root["objects"] else { return }
        func dictionary(_ id: PropertyListValue?) -> [String: PropertyListValue]? {
            guard case .string(let key)? = id, case .dictionary(let d)? = objects[key] else { return nil }
            return d
        }
        /// Each configuration of a configuration list: its name, its settings, and whether it has
        /// an `.xcconfig` of its own.
        func configurations(_ list: PropertyListValue?) -> [(name: String, settings: [String: PropertyListValue], hasFile: Bool)]? {
            guard let l = dictionary(list), case .array(let ids)? = l["buildConfigurations"] else { return nil }
            var out: [(name: String, settings: [String: PropertyListValue], hasFile: Bool)] = []
            for id in ids {
                guard let c = dictionary(id), case .dictionary(let settings)? = c["buildSettings"] else { return nil }
                guard case .string(let name)? = c["name"] else { return nil }
                out.append((name, settings, c["baseConfigurationReference"] != nil))
            }
            return out
        }
        var projectValue: [String: String] = [:]
        var targets: [[String: PropertyListValue]] = []
        for (_, object) in objects {
            guard case .dictionary(let d) = object, case .string(let isa)? = d["isa"] else { continue }
            if isa == "PBXProject" {
                guard let configs = configurations(d["buildConfigurationList"]) else { return }
                for c in configs {
                    if case .string(let v)? = c.settings[Self.setting] { projectValue[c.name] = v }
                }
            } else if isa == "PBXNativeTarget" {
                targets.append(d)
            }
        }
        guard !targets.isEmpty else { return }
        for t in targets {
            guard let configs = configurations(t["buildConfigurationList"]), !configs.isEmpty else { return }
            for c in configs {
                let value: String?
                if case .string(let own)? = c.settings[Self.setting] {
                    value = own
                } else if c.hasFile {
                    value = nil
                } else {
                    value = projectValue[c.name]
                }
                guard value == "MainActor" else { return }
            }
        }
        everyTargetDefaultsToMainActor = true
    }

    static let setting = "SWIFT_DEFAULT_ACTOR_ISOLATION"
}

/// A value of an old-style property list.
indirect enum PropertyListValue: Sendable, Equatable {
    case string(String)
    case array([PropertyListValue])
    case dictionary([String: PropertyListValue])
}

/// Reads an old-style property list; nil for anything malformed (never a crash, never a guess).
struct PropertyListParser {
    let bytes: [UInt8]
    var i = 0
    static let maxDepth = 64

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    mutating func value(depth: Int) -> PropertyListValue? {
        guard depth < Self.maxDepth else { return nil }
        skipTrivia()
        guard i < bytes.count else { return nil }
        switch bytes[i] {
        case UInt8(ascii: "{"):
            i += 1
            var d: [String: PropertyListValue] = [:]
            while true {
                skipTrivia()
                guard i < bytes.count else { return nil }
                if bytes[i] == UInt8(ascii: "}") { i += 1; return .dictionary(d) }
                guard case .string(let key)? = string() else { return nil }
                skipTrivia()
                guard i < bytes.count, bytes[i] == UInt8(ascii: "=") else { return nil }
                i += 1
                guard let v = value(depth: depth + 1) else { return nil }
                skipTrivia()
                guard i < bytes.count, bytes[i] == UInt8(ascii: ";") else { return nil }
                i += 1
                d[key] = v
            }
        case UInt8(ascii: "("):
            i += 1
            var a: [PropertyListValue] = []
            while true {
                skipTrivia()
                guard i < bytes.count else { return nil }
                if bytes[i] == UInt8(ascii: ")") { i += 1; return .array(a) }
                guard let v = value(depth: depth + 1) else { return nil }
                a.append(v)
                skipTrivia()
                guard i < bytes.count else { return nil }
                if bytes[i] == UInt8(ascii: ",") { i += 1 } else if bytes[i] != UInt8(ascii: ")") { return nil }
            }
        default:
            return string()
        }
    }

    /// A quoted string (with backslash escapes kept as written, the quotes dropped) or a bare word.
    mutating func string() -> PropertyListValue? {
        guard i < bytes.count else { return nil }
        if bytes[i] == UInt8(ascii: "\"") {
            i += 1
            let start = i
            while i < bytes.count && bytes[i] != UInt8(ascii: "\"") {
                i += bytes[i] == UInt8(ascii: "\\") ? 2 : 1
            }
            guard i < bytes.count else { return nil }
            let s = String(decoding: bytes[start..<i], as: UTF8.self)
            i += 1
            return .string(s)
        }
        let start = i
        while i < bytes.count && Self.isBare(bytes[i]) { i += 1 }
        guard i > start else { return nil }
        return .string(String(decoding: bytes[start..<i], as: UTF8.self))
    }

    static func isBare(_ b: UInt8) -> Bool {
        switch b {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        case UInt8(ascii: "_"), UInt8(ascii: "$"), UInt8(ascii: "/"), UInt8(ascii: ":"), UInt8(ascii: "."), UInt8(ascii: "-"):
            return true
        default:
            return false
        }
    }

    mutating func skipTrivia() {
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: " ") || b == UInt8(ascii: "\n") || b == UInt8(ascii: "\t") || b == UInt8(ascii: "\r") {
                i += 1
            } else if b == UInt8(ascii: "/") && i + 1 < bytes.count && bytes[i + 1] == UInt8(ascii: "*") {
                i += 2
                while i + 1 < bytes.count && !(bytes[i] == UInt8(ascii: "*") && bytes[i + 1] == UInt8(ascii: "/")) { i += 1 }
                i = min(bytes.count, i + 2)
            } else if b == UInt8(ascii: "/") && i + 1 < bytes.count && bytes[i + 1] == UInt8(ascii: "/") {
                while i < bytes.count && bytes[i] != UInt8(ascii: "\n") { i += 1 }
            } else {
                return
            }
        }
    }
}
