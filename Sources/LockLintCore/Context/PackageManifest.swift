/// What a `Package.swift` says that changes a review: which folders are test targets, the
/// oldest OS each Apple platform deploys to, and which targets isolate to the main actor by
/// default. Read from the manifest's tokens (it is never run); anything not written as a
/// literal (a variable name, a computed path) is left unknown rather than guessed.
public struct PackageManifest: Sendable, Equatable {
    public struct Target: Sendable, Equatable {
        public var name: String
        /// The target's folder, relative to the package root, without a trailing slash.
        public var path: String
        public var isTest: Bool
        /// `swiftSettings: [.defaultIsolation(MainActor.self)]` (or `-default-isolation MainActor`).
        public var defaultMainActor: Bool
        /// `.binaryTarget`: a prebuilt framework, nothing built from source.
        public var isBinary: Bool = false
        /// Its `path:` is not a literal: its folder is not known (the default is assumed).
        public var pathUnread = false
    }

    public var targets: [Target] = []
    /// Some target's name or folder is not written as a literal (a variable, a computed path):
    /// which folders the package builds is then not known in full.
    public var hasUnreadTargets = false
    /// Platform name (`iOS`, `macOS`, `tvOS`, `watchOS`, `visionOS`, `macCatalyst`) → the
    /// oldest version it deploys to. Empty when the manifest names no platforms.
    public var platforms: [String: Version] = [:]

    public init() {}

    public init(bytes: [UInt8]) {
        let file = SourceFile(path: "Package.swift", bytes: bytes)
        let s = FileStructure(file: file)
        var i = 0
        let n = s.code.count
        while i < n {
            defer { i += 1 }
            guard s.code[i].kind == .identifier else { continue }
            if s.is(i, "platforms") && s.isChar(i + 1, UInt8(ascii: ":")) && s.isChar(i + 2, UInt8(ascii: "[")) {
                let close = Int(s.match[i + 2])
                if close > i + 2 { readPlatforms(s, i + 3, close) }
                continue
            }
            guard s.isChar(i - 1, UInt8(ascii: ".")), s.isChar(i + 1, UInt8(ascii: "(")) else { continue }
            let kind = s.text(i)
            guard Self.targetKinds.contains(kind) else { continue }
            let close = Int(s.match[i + 1])
            guard close > i + 1 else { continue }
            if var t = readTarget(s, i + 2, close, isTest: kind == "testTarget") {
                t.isBinary = kind == "binaryTarget"
                if t.pathUnread { hasUnreadTargets = true }
                if t.path.isEmpty { t.path = (kind == "testTarget" ? "Tests/" : kind == "plugin" ? "Plugins/" : "Sources/") + t.name }
                targets.append(t)
            } else {
                hasUnreadTargets = true
            }
            i = close
        }
    }

    static let targetKinds: Set<String> = ["target", "executableTarget", "testTarget", "macro", "plugin", "systemLibrary", "binaryTarget"]

    /// `.iOS(.v16)`, `.macOS(.v10_15)`, `.macOS("13.0")`, `.iOS(.v17), …`
    mutating func readPlatforms(_ s: FileStructure, _ from: Int, _ to: Int) {
        var k = from
        while k + 3 < to {
            defer { k += 1 }
            guard s.isChar(k, UInt8(ascii: ".")), s.code[k + 1].kind == .identifier, s.isChar(k + 2, UInt8(ascii: "(")) else { continue }
            let name = s.text(k + 1)
            let close = Int(s.match[k + 2])
            guard close > k + 2, close <= to else { continue }
            var version: Version? = nil
            if s.isChar(k + 3, UInt8(ascii: ".")), k + 4 < close, s.code[k + 4].isWord {
                // `.v10_15`, `.v16`
                let text = s.text(k + 4)
                if text.hasPrefix("v") { version = Version(text.dropFirst().split(separator: "_").joined(separator: ".")) }
            } else if s.code[k + 3].kind == .string {
                version = Version(s.text(k + 3).filter { $0 != "\"" })
            }
            if let v = version { platforms[name] = v }
            k = close
        }
    }

    func readTarget(_ s: FileStructure, _ from: Int, _ to: Int, isTest: Bool) -> Target? {
        var name: String? = nil
        var path = ""
        var pathUnread = false
        var mainActor = false
        // Labels of the target's own arguments (nested calls such as `.product(name:)` skipped).
        var k = from
        while k < to {
            if s.isChar(k, UInt8(ascii: "(")) || s.isChar(k, UInt8(ascii: "[")) || s.isChar(k, UInt8(ascii: "{")) {
                let m = Int(s.match[k])
                k = m > k ? m + 1 : k + 1
                continue
            }
            if s.code[k].kind == .identifier, s.isChar(k + 1, UInt8(ascii: ":")) {
                let label = s.text(k)
                if (label == "name" || label == "path"), k + 2 < to, s.code[k + 2].kind == .string,
                   !s.code[k + 2].flags.contains(.opensInterpolation) {
                    let value = String(s.text(k + 2).filter { $0 != "\"" })
                    if label == "name" { name = value } else { path = Self.normalized(value) }
                } else if label == "path" {
                    pathUnread = true
                }
            }
            k += 1
        }
        // Settings anywhere inside the target.
        for j in from..<to {
            if s.code[j].kind == .identifier && s.is(j, "defaultIsolation") && s.is(j + 2, "MainActor") { mainActor = true }
            // (The bytes are searched first: most strings hold neither, and `contains` on a
            // String goes through Foundation's search, a thousand times slower.)
            if s.code[j].kind == .string && Self.bytes(of: j, in: s, contain: Self.defaultIsolationFlag)
                && s.text(j).contains("-default-isolation") && j + 2 < to
                && Self.bytes(of: j + 2, in: s, contain: Self.mainActorName) && s.text(j + 2).contains("MainActor") { mainActor = true }
        }
        guard let n = name else { return nil }
        var t = Target(name: n, path: path, isTest: isTest, defaultMainActor: mainActor)
        t.pathUnread = pathUnread
        return t
    }

    static let defaultIsolationFlag = Array("-default-isolation".utf8)
    static let mainActorName = Array("MainActor".utf8)

    /// Whether code token `i`'s bytes hold `needle` (an ASCII word). False means that the token's
    /// text does not contain it either; true is checked with `contains` on the text.
    static func bytes(of i: Int, in s: FileStructure, contain needle: [UInt8]) -> Bool {
        guard i >= 0 && i < s.code.count else { return true }
        return ByteSearch.firstIndex(of: needle, in: s.file.bytes, s.code[i].range) != nil
    }

    static func normalized(_ path: String) -> String {
        var p = Substring(path)
        while p.hasPrefix("./") { p = p.dropFirst(2) }
        while p.hasSuffix("/") { p = p.dropLast() }
        return String(p)
    }

    /// The target whose folder holds `relativePath` (the longest matching folder wins).
    public func target(containing relativePath: String) -> Target? {
        var best: Target? = nil
        for t in targets where !t.path.isEmpty {
            if relativePath == t.path || relativePath.hasPrefix(t.path + "/") {
                if best == nil || t.path.count > best!.path.count { best = t }
            }
        }
        return best
    }
}

/// A dotted version (`16`, `10.15`, `13.0.1`), compared component by component.
public struct Version: Sendable, Comparable, Hashable, CustomStringConvertible {
    public var components: [Int]

    public init?(_ text: some StringProtocol) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        var out: [Int] = []
        for p in parts {
            guard let v = Int(p), v >= 0 else { return nil }
            out.append(v)
        }
        guard !out.isEmpty else { return nil }
        components = out
    }

    public init(_ components: Int...) { self.components = components }

    public static func < (a: Version, b: Version) -> Bool {
        let n = max(a.components.count, b.components.count)
        for k in 0..<n {
            let x = k < a.components.count ? a.components[k] : 0
            let y = k < b.components.count ? b.components[k] : 0
            if x != y { return x < y }
        }
        return false
    }

    public static func == (a: Version, b: Version) -> Bool { !(a < b) && !(b < a) }

    public func hash(into h: inout Hasher) {
        var c = components
        while c.count > 1 && c.last == 0 { c.removeLast() }
        h.combine(c)
    }

    public var description: String { components.map(String.init).joined(separator: ".") }
}
