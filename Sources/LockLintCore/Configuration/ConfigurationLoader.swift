#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A mistake in a configuration file, with where it is.
public struct ConfigurationError: Error, Sendable, CustomStringConvertible {
    public var path: String
    /// Where in the file; nil when the file itself could not be read.
    public var location: SourceLocation?
    public var message: String
    public var description: String {
        guard let location else { return "swift-lock-lint: \(message)" }
        return "\(path):\(location.line):\(location.column): error: \(message)"
    }
}

/// Reads `.swift-lock-lint.json`. Unknown keys, unknown rule ids and values of the wrong type are
/// errors with the file, line and column of the mistake.
///
///     {
///       "rules": {
///         "dispatch_semaphore": { "enabled": true, "severity": "error" },
///         "nonisolated_unsafe": "off"
///       },
///       "include": ["Sources/**"],
///       "exclude": ["**/Generated/**"],
///       "lockTypes": ["UnfairLock"],
///       "lockScopedMethods": { "withCriticalSection": "trailing", "synchronized": "body" },
///       "acquireRelease": { "acquireWrite": "releaseWrite" },
///       "requireSuppressionReason": true
///     }
public enum ConfigurationLoader {
    public static let fileName = ".swift-lock-lint.json"

    public static func load(path: String, knownRules: Set<String>) throws -> Configuration {
        let bytes: [UInt8]
        do {
            bytes = try FileIO.readFile(path)
        } catch let e as FileIOError {
            throw ConfigurationError(path: path, location: nil, message: "cannot read configuration \(path): \(e.reason)")
        }
        return try parse(bytes, path: path, knownRules: knownRules)
    }

    public static func parse(_ bytes: [UInt8], path: String, knownRules: Set<String>) throws -> Configuration {
        let root: JSONNode
        do {
            root = try JSONReader.parse(bytes)
        } catch let e as JSONParseError {
            throw ConfigurationError(path: path, location: e.location, message: e.isSyntax ? "invalid JSON: \(e.message)" : e.message)
        }
        func fail(_ message: String, _ at: SourceLocation) -> ConfigurationError {
            ConfigurationError(path: path, location: at, message: message)
        }
        guard case .object(let members) = root.value else {
            throw fail("the configuration must be a JSON object, not \(root.value.typeName)", root.location)
        }
        var config = Configuration()
        config.path = path
        func strings(_ node: JSONNode, _ key: String) throws -> [String] {
            guard case .array(let items) = node.value else { throw fail("'\(key)' must be an array of strings, not \(node.value.typeName)", node.location) }
            return try items.map { item in
                guard case .string(let s) = item.value else { throw fail("'\(key)' must contain strings, not \(item.value.typeName)", item.location) }
                return s
            }
        }
        func stringMap(_ node: JSONNode, _ key: String) throws -> [String: String] {
            guard case .object(let pairs) = node.value else { throw fail("'\(key)' must be an object of strings, not \(node.value.typeName)", node.location) }
            var out: [String: String] = [:]
            for p in pairs {
                guard case .string(let s) = p.value.value else { throw fail("'\(key).\(p.key)' must be a string, not \(p.value.value.typeName)", p.value.location) }
                out[p.key] = s
            }
            return out
        }
        var seen = Set<String>()
        for m in members {
            if !seen.insert(m.key).inserted { throw fail("'\(m.key)' is given twice", m.keyLocation) }
            switch m.key {
            case "rules":
                guard case .object(let rules) = m.value.value else { throw fail("'rules' must be an object, not \(m.value.value.typeName)", m.value.location) }
                for r in rules {
                    guard knownRules.contains(r.key) else {
                        let hint = closest(r.key, in: knownRules).map { " (did you mean '\($0)'?)" } ?? ""
                        throw fail("unknown rule '\(r.key)'\(hint)", r.keyLocation)
                    }
                    config.rules[r.key] = try ruleSetting(r.value, rule: r.key, fail: fail)
                }
            case "include": config.include = try strings(m.value, m.key)
            case "exclude": config.exclude = try strings(m.value, m.key)
            case "lockTypes": config.lockTypes = try strings(m.value, m.key)
            case "lockScopedMethods":
                if case .array = m.value.value {
                    for name in try strings(m.value, m.key) { config.lockScopedMethods[name] = "" }
                } else {
                    for (name, label) in try stringMap(m.value, m.key) { config.lockScopedMethods[name] = label == "trailing" ? "" : label }
                }
            case "acquireRelease": config.acquireRelease = try stringMap(m.value, m.key)
            case "requireSuppressionReason":
                guard case .bool(let b) = m.value.value else { throw fail("'requireSuppressionReason' must be true or false", m.value.location) }
                config.requireSuppressionReason = b
            default:
                let keys = ["rules", "include", "exclude", "lockTypes", "lockScopedMethods", "acquireRelease", "requireSuppressionReason"]
                let hint = closest(m.key, in: Set(keys)).map { " (did you mean '\($0)'?)" } ?? ""
                throw fail("unknown key '\(m.key)'\(hint); known keys: \(keys.joined(separator: ", "))", m.keyLocation)
            }
        }
        return config
    }

    static func ruleSetting(_ node: JSONNode, rule: String, fail: (String, SourceLocation) -> ConfigurationError) throws -> Configuration.RuleSetting {
        switch node.value {
        case .bool(let b):
            return .init(enabled: b)
        case .string(let s):
            switch s {
            case "off": return .init(enabled: false)
            case "on": return .init(enabled: true)
            case "warning": return .init(enabled: true, severity: .warning)
            case "error": return .init(enabled: true, severity: .error)
            default: throw fail("rule '\(rule)' must be \"on\", \"off\", \"warning\" or \"error\", not \"\(s)\"", node.location)
            }
        case .object(let pairs):
            var setting = Configuration.RuleSetting()
            for p in pairs {
                switch p.key {
                case "enabled":
                    guard case .bool(let b) = p.value.value else { throw fail("'enabled' must be true or false", p.value.location) }
                    setting.enabled = b
                case "severity":
                    guard case .string(let s) = p.value.value, let sev = Severity(rawValue: s) else {
                        throw fail("'severity' must be \"warning\" or \"error\"", p.value.location)
                    }
                    setting.severity = sev
                case "inTests":
                    let allowed = Configuration.TestCodeSetting.allCases.map(\.rawValue)
                    guard case .string(let s) = p.value.value, let v = Configuration.TestCodeSetting(rawValue: s) else {
                        throw fail("'inTests' must be one of \(allowed.map { "\"\($0)\"" }.joined(separator: ", "))", p.value.location)
                    }
                    setting.inTests = v
                case "strict" where Configuration.strictRules.contains(rule):
                    guard case .bool(let b) = p.value.value else { throw fail("'strict' must be true or false", p.value.location) }
                    setting.strict = b
                default:
                    let keys = Configuration.strictRules.contains(rule) ? "\"enabled\", \"severity\", \"inTests\" and \"strict\"" : "\"enabled\", \"severity\" and \"inTests\""
                    throw fail("unknown key '\(p.key)' in rule '\(rule)' (use \(keys))", p.keyLocation)
                }
            }
            return setting
        default:
            throw fail("rule '\(rule)' must be an object, a boolean or one of \"on\", \"off\", \"warning\", \"error\"", node.location)
        }
    }

    /// The known name nearest to a misspelling (see `Spelling`).
    static func closest(_ word: String, in names: Set<String>) -> String? {
        Spelling.nearest(word, in: names)
    }

    /// The nearest configuration file at or above `directory`, or nil.
    public static func discover(from directory: String) -> String? {
        var cache: [String: String?] = [:]
        return discover(from: directory, cache: &cache)
    }

    /// The same, remembering the answer for every folder visited (a walk asks for many folders
    /// that share their parents).
    public static func discover(from directory: String, cache: inout [String: String?]) -> String? {
        var dir = directory.isEmpty ? "." : directory
        var visited: [String] = []
        var found: String? = nil
        var steps = 0
        while steps < 256 {
            steps += 1
            if let known = cache[dir] {
                found = known
                break
            }
            visited.append(dir)
            let candidate = dir == "/" ? "/" + fileName : dir + "/" + fileName
            var st = stat()
            if stat(candidate, &st) == 0 && (st.st_mode & S_IFMT) == S_IFREG {
                found = candidate
                break
            }
            // Go up: absolute paths by trimming, relative ones through realpath.
            if dir == "/" { break }
            if dir.hasPrefix("/") {
                guard let slash = dir.lastIndex(of: "/") else { break }
                dir = slash == dir.startIndex ? "/" : String(dir[..<slash])
            } else {
                guard let real = realpath(dir, nil) else { break }
                dir = String(cString: real)
                free(real)
            }
        }
        for v in visited { cache[v] = .some(found) }
        return found
    }
}

/// Glob matching for include/exclude: `*` (within a path component), `**` (any number of
/// components), `?`, matched against a path relative to the configuration's folder.
///
/// One pass over the path per pattern element, keeping which path prefixes the pattern so far
/// matches: time pattern × path, memory one row, whatever the path's length or the pattern's stars.
public enum Glob {
    enum Element: Equatable {
        case byte(UInt8)
        /// `?`: one byte other than `/`.
        case one
        /// `*`: any run of bytes without `/`.
        case star
        /// `**`: any run of bytes.
        case globstar
        /// `**/`: nothing, or any run of bytes that ends with `/`.
        case globstarSlash
    }

    public static func matches(_ pattern: String, _ path: String) -> Bool {
        let s = Array(path.utf8)
        let slash = UInt8(ascii: "/")
        // row[j]: the elements so far match the first j bytes of the path.
        var row = [Bool](repeating: false, count: s.count + 1)
        row[0] = true
        var next = row
        for element in elements(pattern) {
            switch element {
            case .byte(let c):
                next[0] = false
                for j in 0..<s.count { next[j + 1] = row[j] && s[j] == c }
            case .one:
                next[0] = false
                for j in 0..<s.count { next[j + 1] = row[j] && s[j] != slash }
            case .star:
                next[0] = row[0]
                for j in 0..<s.count { next[j + 1] = row[j + 1] || (next[j] && s[j] != slash) }
            case .globstar:
                next[0] = row[0]
                for j in 0..<s.count { next[j + 1] = row[j + 1] || next[j] }
            case .globstarSlash:
                // Some prefix up to j matched (any run follows), and byte j is the slash.
                var reached = row[0]
                next[0] = row[0]
                for j in 0..<s.count {
                    next[j + 1] = row[j + 1] || (reached && s[j] == slash)
                    reached = reached || row[j + 1]
                }
            }
            swap(&row, &next)
            if !row.contains(true) { return false }
        }
        return row[s.count]
    }

    static func elements(_ pattern: String) -> [Element] {
        let p = Array(pattern.utf8)
        var out: [Element] = []
        var i = 0
        while i < p.count {
            switch p[i] {
            case UInt8(ascii: "*"):
                if i + 1 < p.count && p[i + 1] == UInt8(ascii: "*") {
                    if i + 2 < p.count && p[i + 2] == UInt8(ascii: "/") {
                        out.append(.globstarSlash)
                        i += 3
                    } else {
                        out.append(.globstar)
                        i += 2
                    }
                } else {
                    out.append(.star)
                    i += 1
                }
            case UInt8(ascii: "?"):
                out.append(.one)
                i += 1
            default:
                out.append(.byte(p[i]))
                i += 1
            }
        }
        return out
    }
}
