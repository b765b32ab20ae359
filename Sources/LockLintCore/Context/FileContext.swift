#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a reviewer knows about a file before reading it: whether it is test code, what the
/// package deploys to, and whether its module isolates to the main actor by default.
public struct FileContext: Sendable, Equatable {
    /// Test code by where the file is: a SwiftPM test target, a test, mock, benchmark or fuzzing
    /// folder, a test double's file name. (Importing XCTest or Testing also makes a file test code; the
    /// structure knows that.)
    public var isTestLocation: Bool
    /// The deployment targets the package names; nil when no manifest was found (an app, a
    /// loose file): then nothing is known about availability.
    public var deployment: Deployment?
    /// The file's target sets `defaultIsolation(MainActor.self)`.
    public var defaultMainActor: Bool
    /// The module the file belongs to (its target's folder) when a manifest names it; facts
    /// about types are shared within a module.
    public var module: String?
    /// For a file no manifest names, the module as guessed from an Xcode project above it (or
    /// the generator spec it is made from): the folder right under the project's folder
    /// (`App.xcodeproj` beside `App/` and `AppKit/`:
    /// every file under `App/` is one module, whatever subfolder it sits in). Nil when no
    /// project was found; the file's own folder is then the guess (`ProjectIndex.moduleKey`).
    public var guessedModule: String?

    public init(isTestLocation: Bool = false, deployment: Deployment? = nil, defaultMainActor: Bool = false, module: String? = nil,
                guessedModule: String? = nil) {
        self.isTestLocation = isTestLocation
        self.deployment = deployment
        self.defaultMainActor = defaultMainActor
        self.module = module
        self.guessedModule = guessedModule
    }

    /// The key facts about types are shared under: the manifest's target, else the guess.
    public func moduleKey(forPath path: String) -> String {
        module ?? guessedModule ?? ProjectIndex.moduleKey(forPath: path)
    }

    /// Test code judged by the path alone (no manifest says otherwise).
    public static func testLocation(byPath path: String) -> Bool {
        // Byte-level: this runs once per linted file.
        var path = path
        return path.withUTF8 { p in
            let n = p.count
            var start = 0
            var i = 0
            while i <= n {
                if i == n || p[i] == UInt8(ascii: "/") {
                    let component = UnsafeBufferPointer(rebasing: p[start..<i])
                    if i == n {
                        return isTestFileName(component)
                    }
                    if isTestFolderName(component) { return true }
                    start = i + 1
                }
                i += 1
            }
            return false
        }
    }

    static func hasSuffix(_ c: UnsafeBufferPointer<UInt8>, _ suffix: StaticString) -> Bool {
        let n = suffix.utf8CodeUnitCount
        guard c.count >= n else { return false }
        return suffix.withUTF8Buffer { s in
            for k in 0..<n where c[c.count - n + k] != s[k] { return false }
            return true
        }
    }

    static func hasPrefix(_ c: UnsafeBufferPointer<UInt8>, _ prefix: StaticString) -> Bool {
        let n = prefix.utf8CodeUnitCount
        guard c.count >= n else { return false }
        return prefix.withUTF8Buffer { s in
            for k in 0..<n where c[k] != s[k] { return false }
            return true
        }
    }

    static func isTestFolderName(_ c: UnsafeBufferPointer<UInt8>) -> Bool {
        // Benchmarks and fuzzers, like tests, exercise the product and do not ship in it.
        if hasSuffix(c, "Tests") || hasSuffix(c, "Test") || hasSuffix(c, "Benchmarks") || hasSuffix(c, "PerformanceTester") { return true }
        // `FuzzTesting`, `FuzzAsyncParser`: a fuzzer's harness (not `Fuzzy…`).
        if c.count > 4 && hasPrefix(c, "Fuzz") && c[4] >= UInt8(ascii: "A") && c[4] <= UInt8(ascii: "Z") { return true }
        guard c.count >= 4 && c.count <= 16 else { return false }
        let lower = String(decoding: c, as: UTF8.self).lowercased()
        return testFolderNames.contains(lower)
    }

    static func isTestFileName(_ c: UnsafeBufferPointer<UInt8>) -> Bool {
        guard hasSuffix(c, ".swift") else { return false }
        let stem = UnsafeBufferPointer(rebasing: c[0..<(c.count - 6)])
        if hasSuffix(stem, "Tests") || hasSuffix(stem, "Test") { return true }
        // One benchmark's file (`LockBenchmark.swift`); not a library's own `Benchmark.swift`.
        if (hasSuffix(stem, "Benchmark") && stem.count > 9) || (hasSuffix(stem, "Benchmarks") && stem.count > 10) { return true }
        // A test double's own file: `MockSession.swift`, `SessionMock.swift`, `StoreSpy.swift`.
        if (hasSuffix(stem, "Mock") || hasSuffix(stem, "Mocks") || hasSuffix(stem, "Spy") || hasSuffix(stem, "Stub")
            || hasSuffix(stem, "Fake")) && stem.count > 5 { return true }
        for (prefix, n) in [("Mock", 4), ("Fake", 4), ("Stub", 4), ("Spy", 3)] as [(StaticString, Int)] where stem.count > n && hasPrefix(stem, prefix) {
            let next = stem[n]
            if next >= UInt8(ascii: "A") && next <= UInt8(ascii: "Z") { return true }
        }
        return false
    }

    static let testFolderNames: Set<String> = ["mocks", "mock", "fakes", "stubs", "spies", "testsupport", "testhelpers", "testutils", "testutilities", "testdoubles",
                                               "benchmarks", "benchmark", "fuzz", "fuzzing", "fuzzer", "fuzzers"]
}

/// The oldest OS versions a package deploys to, and what that allows.
public struct Deployment: Sendable, Equatable {
    /// Platform → oldest version, as the manifest names them (empty: SwiftPM's defaults, which
    /// are older than every primitive below).
    public var platforms: [String: Version]

    public init(platforms: [String: Version]) { self.platforms = platforms }

    static let mutexSince: [String: Version] = [
        "macOS": Version(15), "iOS": Version(18), "tvOS": Version(18), "watchOS": Version(11), "visionOS": Version(2), "macCatalyst": Version(18),
    ]
    static let unfairLockSince: [String: Version] = [
        "macOS": Version(13), "iOS": Version(16), "tvOS": Version(16), "watchOS": Version(9), "visionOS": Version(1), "macCatalyst": Version(16),
    ]

    /// `NSLocking.withLock(_:)` (Foundation).
    public static let nsLockingWithLockSince: [String: Version] = [
        "macOS": Version(14), "iOS": Version(17), "tvOS": Version(17), "watchOS": Version(10), "visionOS": Version(1), "macCatalyst": Version(17),
    ]

    public func allows(_ since: [String: Version]) -> Bool {
        guard !platforms.isEmpty else { return false }
        for (name, v) in platforms {
            guard let need = since[name] else { continue }  // Linux, Windows, … are not named here
            if v < need { return false }
        }
        return true
    }

    /// Every Apple platform it deploys to has `Mutex` and `Atomic` (Synchronization).
    public var hasMutex: Bool { allows(Self.mutexSince) }
    /// Every Apple platform it deploys to has `OSAllocatedUnfairLock`.
    public var hasUnfairLock: Bool { allows(Self.unfairLockSince) }
}

/// The lock a fix-it may recommend for state that must live inside its lock, given what is
/// known of the deployment targets: never a primitive the package cannot use.
public enum LockAdvice {
    /// An imperative clause that puts `subject` under a lock the package can use: inside a
    /// `Mutex` (or `OSAllocatedUnfairLock`) where it deploys to them, else behind one `NSLock`.
    /// `usesWithLock` says whether the module already calls `withLock` on a lock type: then that
    /// type is available to it, and its name needs no availability remark.
    public static func protect(_ subject: String, _ deployment: Deployment?, state rawState: String = "State",
                               usesWithLock: (String) -> Bool = { _ in false }) -> String {
        let state = genericArgument(rawState)
        guard let d = deployment else {
            if usesWithLock("Mutex") { return "keep \(subject) inside a Mutex<\(state)> and reach it with withLock" }
            if usesWithLock("OSAllocatedUnfairLock") {
                return "keep \(subject) inside an OSAllocatedUnfairLock(initialState:) and reach it with withLock"
            }
            return "keep \(subject) inside a Mutex<\(state)> (iOS 18/macOS 15) or an OSAllocatedUnfairLock(initialState:) "
                + "(iOS 16/macOS 13) and reach it with withLock, or guard every access with one NSLock held only for the access itself"
        }
        if d.hasMutex { return "keep \(subject) inside a Mutex<\(state)> and reach it with withLock" }
        if d.hasUnfairLock {
            return "keep \(subject) inside an OSAllocatedUnfairLock(initialState:) and reach it with withLock (off Apple platforms, guard it with one NSLock)"
        }
        return "guard every access to \(subject) with one NSLock, held only for the access itself (copy the value out; never across an await "
            + "or a call that can come back into the class): the package deploys below macOS 15/iOS 18, where Mutex is missing"
    }

    /// A declared type as it may be written between `<` and `>`: an implicitly unwrapped
    /// optional (`Span!`) is not a type there, so it becomes the optional it stands for (`Span?`).
    public static func genericArgument(_ type: String) -> String {
        var t = Substring(type)
        while t.last == " " { t = t.dropLast() }
        return t.hasSuffix("!") ? String(t.dropLast()) + "?" : String(t)
    }

    /// Which lock type to name for state: `Mutex<State>`, or the older primitives.
    public static func stateLock(_ deployment: Deployment?, state rawState: String = "State") -> String {
        let state = genericArgument(rawState)
        guard let d = deployment else {
            return "Mutex<\(state)> (iOS 18/macOS 15), OSAllocatedUnfairLock(initialState:) (iOS 16/macOS 13) or NSLock"
        }
        if d.hasMutex { return "Mutex<\(state)>" }
        if d.hasUnfairLock { return "OSAllocatedUnfairLock(initialState:) (NSLock off Apple platforms)" }
        return "NSLock (the package deploys below Mutex's macOS 15/iOS 18)"
    }

    /// A lock for plain mutual exclusion, in the same spirit.
    public static func lock(_ deployment: Deployment?) -> String {
        guard let d = deployment else { return "Mutex (iOS 18/macOS 15), OSAllocatedUnfairLock (iOS 16/macOS 13) or NSLock" }
        if d.hasMutex { return "Mutex" }
        if d.hasUnfairLock { return "OSAllocatedUnfairLock (NSLock off Apple platforms)" }
        return "NSLock (the package deploys below Mutex's macOS 15/iOS 18)"
    }

    /// For one counter or flag: Atomic where it exists.
    public static func counter(_ deployment: Deployment?) -> String {
        guard let d = deployment else { return "an Atomic (iOS 18/macOS 15)" }
        return d.hasMutex ? "an Atomic" : "the same lock (Atomic needs macOS 15/iOS 18)"
    }
}

/// Finds each file's package manifest (the nearest `Package.swift` above it) and works out its
/// context. Manifests are read once per package and folders are remembered, so a run costs one
/// look per folder. Not thread-safe: used once, before the parallel passes.
public struct FileContextResolver {
    var manifestOfFolder: [String: String?] = [:]  // folder → package root holding Package.swift
    var manifests: [String: PackageManifest] = [:]
    var cwd: String? = nil
    var folderContexts: [String: FileContext] = [:]
    var xcodeOfFolder: [String: Bool] = [:]  // folder holding Xcode projects → they isolate every target to the main actor
    var xcodeRootOfFolder: [String: String?] = [:]  // folder → the nearest folder at or above it holding an Xcode project
    var unbuiltFolders: [String: String] = [:]  // folder outside every target of its package → the package root
    var projectNamesOfRoot: [String: Set<String>?] = [:]  // package root → names its Xcode projects list (nil: not known)
    var testFilesOfRoot: [String: [String]] = [:]  // package root → its test code's Swift files (by their folders and names)
    var readByTestsOfRoot: [String: Bool] = [:]  // "root|folder" → some test names the folder as a path in a string
    var testSegmentsOfRoot: [String: Set<UInt64>] = [:]  // package root → hashes of its tests' path segments (see `testSegments`)

    public init() {}

    public mutating func context(forPath path: String) -> FileContext {
        if !path.hasPrefix("/") && cwd == nil { cwd = FileContextResolver.currentDirectory() }
        let absolute = path.hasPrefix("/") ? path : cwd! + "/" + path
        let folder = Self.parent(of: absolute)
        let fileName: String
        if Self.isPlainASCII(absolute) && Self.isPlainASCII(folder) {
            // One byte per character: the same name, without counting characters twice.
            let a = absolute.utf8.count
            let f = folder.utf8.count
            fileName = a > f + 1 ? String(absolute.utf8.dropFirst(f + 1)) ?? absolute : absolute
        } else {
            fileName = absolute.count > folder.count + 1 ? String(absolute.dropFirst(folder.count + 1)) : absolute
        }
        // What the folder says is the same for every file in it: worked out once per folder.
        let base: FileContext
        if let known = folderContexts[folder] {
            base = known
        } else {
            base = folderContext(folder, original: path)
            folderContexts[folder] = base
        }
        if base.isTestLocation { return base }
        // A file no target and no Xcode project of its package builds is read as data (a
        // fixture a test reads as text): like test code.
        let unbuilt = unbuiltFolders[folder].map { root in !(projectNamesOfRoot[root]??.contains(fileName) ?? true) } ?? false
        if !unbuilt && !FileContext.testLocation(byPath: fileName) { return base }
        var c = base
        c.isTestLocation = true
        return c
    }

    /// The context every file directly in `folder` shares (the file's own name aside).
    mutating func folderContext(_ folder: String, original: String) -> FileContext {
        guard let root = packageRoot(of: folder) else {
            // No manifest: the folders of the path as given decide, and an Xcode project around
            // the folder may isolate every target to the main actor.
            return FileContext(isTestLocation: FileContext.testLocation(byPath: Self.parent(of: original) + "/x"),
                               defaultMainActor: xcodeDefaultsToMainActor(folder), guessedModule: xcodeModule(folder, original: original))
        }
        let manifest = self.manifest(at: root)
        let relative = folder.count > root.count + 1 ? String(folder.dropFirst(root.count + 1)) : ""
        let deployment = Deployment(platforms: manifest.platforms)
        let byFolders = FileContext.testLocation(byPath: relative + "/x") || insideTestFolder(ofOuterPackage: root)
        if let target = manifest.target(containing: relative + "/x") {
            return FileContext(isTestLocation: target.isTest || byFolders, deployment: deployment, defaultMainActor: target.defaultMainActor,
                               module: root + "/" + target.path)
        }
        // Outside every target of a manifest read in full, in no folder and under no name an Xcode
        // project of the package lists, with no other build description in the package: built by
        // nothing (see `context(forPath:)`).
        // (A manifest with a prebuilt binary: the sources beside it may be what it is built
        // from. A top folder that holds a target (`Sources/`) may hold one the manifest is about
        // to name. And only a folder some test names as a path in a string: a test reads it.)
        if !byFolders && !manifest.hasUnreadTargets && !manifest.targets.isEmpty && !manifest.targets.contains(where: \.isBinary),
           case let parts = relative.split(separator: "/"), let top = parts.first.map(String.init),
           !manifest.targets.contains(where: { $0.path == top || $0.path.hasPrefix(top + "/") }),
           let names = projectNames(root), !parts.contains(where: { names.contains(String($0)) }), readByTests(root, folder: top) {
            unbuiltFolders[folder] = root
        }
        // A manifest's platforms apply to its own targets: a file outside all of them (an app's
        // sources beside a manifest that declares only a tools target) has no known deployment.
        // A manifest whose every target is a prebuilt binary builds nothing from source: the
        // sources beside it are what that binary is made from, and its platforms are the binary's.
        return FileContext(isTestLocation: byFolders, deployment: manifest.targets.allSatisfy(\.isBinary) ? deployment : nil,
                           defaultMainActor: xcodeDefaultsToMainActor(folder, within: root),
                           guessedModule: xcodeModule(folder, original: original, within: root))
    }

    /// The module of the files in `folder` when an Xcode project builds them: the folder right
    /// under the nearest folder at or above `folder` (not above `limit`) that holds an
    /// `.xcodeproj`, as the path was given (`original` is a file of `folder`). Nil without a
    /// project, for a file beside the project itself, or when a `Sources` folder on the way
    /// already names the module (`ProjectIndex.moduleKey`).
    mutating func xcodeModule(_ folder: String, original: String, within limit: String? = nil) -> String? {
        guard let projectFolder = xcodeRoot(folder, within: limit) else { return nil }
        let skip = projectFolder == "/" ? 1 : projectFolder.utf8.count + 1
        let below = Array(folder.utf8.dropFirst(skip))  // `Module/sub/folders`
        guard folder.utf8.count > skip, !below.isEmpty else { return nil }
        let parts = below.split(separator: UInt8(ascii: "/"))
        for part in parts {
            let name = String(decoding: part, as: UTF8.self)
            if name == "Sources" || name == "Tests" || name == "Plugins" || name == "Benchmarks" { return nil }
        }
        // The key is spelled as the path was given, like `ProjectIndex.moduleKey`'s: the given
        // folder without the subfolders under the module's folder.
        let rest = below.count - (parts.first?.count ?? 0)
        let given = Array(Self.parent(of: original).utf8)
        guard given.count > rest else { return nil }
        return String(decoding: given.dropLast(rest), as: UTF8.self)
    }

    /// A folder entry that makes its folder an Xcode project's: the project itself, or the spec
    /// a generator makes it from when the project is not committed (XcodeGen's `project.yml`,
    /// Tuist's `Project.swift`).
    static func isProjectEntry(_ name: String) -> Bool {
        name.hasSuffix(".xcodeproj") || name == "project.yml" || name == "Project.swift"
    }

    /// The nearest folder at or above `folder` (not above `limit`) that holds an Xcode project
    /// (`isProjectEntry`).
    mutating func xcodeRoot(_ folder: String, within limit: String? = nil) -> String? {
        var visited: [String] = []
        var dir = folder
        var found: String? = nil
        while true {
            if let known = xcodeRootOfFolder[dir] { found = known; break }
            visited.append(dir)
            if Self.entries(of: dir).contains(where: Self.isProjectEntry) { found = dir; break }
            if dir == "/" || dir.isEmpty || dir == limit || dir == "." { break }
            dir = Self.parent(of: dir)
        }
        for v in visited { xcodeRootOfFolder[v] = found }
        return found
    }

    /// Whether the nearest folder at or above `folder` (not above `limit`) that holds an Xcode
    /// project holds only projects whose every target defaults to the main actor.
    mutating func xcodeDefaultsToMainActor(_ folder: String, within limit: String? = nil) -> Bool {
        guard let dir = xcodeRoot(folder, within: limit) else { return false }
        if let known = xcodeOfFolder[dir] { return known }
        let projects = Self.entries(of: dir).filter { $0.hasSuffix(".xcodeproj") }
        // (A folder found by a generator's spec alone has no project file to read.)
        let found = !projects.isEmpty && projects.allSatisfy { name in
            let path = (dir == "/" ? "" : dir) + "/" + name + "/project.pbxproj"
            return (try? FileIO.readFile(path)).map { XcodeProject(bytes: $0).everyTargetDefaultsToMainActor } ?? false
        }
        xcodeOfFolder[dir] = found
        return found
    }

    /// The file and folder names the Xcode projects under package root `root` list (`path =`
    /// and `name =` entries of each `project.pbxproj`, last component): a file of one of those
    /// names, or in a folder of one (a folder reference, a synchronized group), may be built by
    /// it. Nil when the package has another description of what it builds (a project generator's
    /// spec, a podspec, Bazel, CMake) or is too large to look through: then it is not known.
    mutating func projectNames(_ root: String) -> Set<String>? {
        if let known = projectNamesOfRoot[root] { return known }
        var names = Set<String>()
        var pending: [(String, Int)] = [(root, 0)]
        var seen = 0
        var answer: Set<String>? = names
        walk: while let (dir, depth) = pending.popLast() {
            for name in Self.entries(of: dir) {
                seen += 1
                if seen > 100_000 { answer = nil; break walk }
                let path = (dir == "/" ? "" : dir) + "/" + name
                if Self.isOtherBuildDescription(name) { answer = nil; break walk }
                if name.hasSuffix(".xcodeproj") {
                    if let bytes = try? FileIO.readFile(path + "/project.pbxproj") { Self.listedNames(bytes, into: &names) }
                    continue
                }
                if name.hasPrefix(".") || name == "node_modules" || depth >= 16 { continue }
                if Self.isRegularFile(path) {
                    if name.hasSuffix(".swift"), FileContext.testLocation(byPath: String(path.dropFirst(root.count))) { testFilesOfRoot[root, default: []].append(path) }
                    continue
                }
                pending.append((path, depth + 1))
            }
        }
        if answer != nil { answer = names }
        projectNamesOfRoot[root] = .some(answer)
        return answer
    }

    /// Whether a test file of package root `root` names top folder `folder` as a path in a
    /// string (`"Fixtures"`, `"Fixtures/…"`, `"… Fixtures --flag"`): a test reads its files.
    mutating func readByTests(_ root: String, folder: String) -> Bool {
        let key = root + "|" + folder
        if let known = readByTestsOfRoot[key] { return known }
        let needle = Array(folder.utf8)
        // A name without a delimiter is named only as a whole segment (see `testSegments`): one
        // whose hash no test holds is named by none, without reading the tests again per folder.
        if !needle.isEmpty && !needle.contains(where: Self.isSegmentDelimiter) {
            if testSegmentsOfRoot[root] == nil { testSegmentsOfRoot[root] = testSegments(root) }
            if !(testSegmentsOfRoot[root]?.contains(Self.segmentHash(needle[...])) ?? true) {
                readByTestsOfRoot[key] = false
                return false
            }
        }
        var found = false
        for path in testFilesOfRoot[root] ?? [] {
            guard let bytes = try? FileIO.readFile(path) else { continue }
            var from = 0
            while !found, from < bytes.count, let k = ByteSearch.firstIndex(of: needle, in: bytes, from..<bytes.count) {
                let before = k > 0 ? bytes[k - 1] : 0
                let after = k + needle.count < bytes.count ? bytes[k + needle.count] : 0
                found = (before == UInt8(ascii: "\"") || before == UInt8(ascii: "/"))
                    && (after == UInt8(ascii: "\"") || after == UInt8(ascii: "/") || after == UInt8(ascii: " "))
                from = k + 1
            }
            if found { break }
        }
        readByTestsOfRoot[key] = found
        return found
    }

    /// The hashes of the segments of root `root`'s test files that `readByTests` can match: the
    /// bytes after each `"` or `/` up to the next `"`, `/` or space. (A name with none of these
    /// bytes, after a `"` or `/` and before one of the three, is exactly such a segment.)
    func testSegments(_ root: String) -> Set<UInt64> {
        var out = Set<UInt64>()
        for path in testFilesOfRoot[root] ?? [] {
            guard let bytes = try? FileIO.readFile(path) else { continue }
            // One pass, hashing each segment as it is read (as `segmentHash` does).
            bytes.withUnsafeBufferPointer { p in
                var open = false
                var length = 0
                var h = Self.segmentHashSeed
                for b in p {
                    if Self.isSegmentDelimiter(b) {
                        if open && length > 0 { out.insert(h) }
                        open = b != UInt8(ascii: " ")
                        length = 0
                        h = Self.segmentHashSeed
                    } else if open {
                        h = (h ^ UInt64(b)) &* Self.segmentHashPrime
                        length += 1
                    }
                }
            }
        }
        return out
    }

    static func isSegmentDelimiter(_ b: UInt8) -> Bool {
        b == UInt8(ascii: "\"") || b == UInt8(ascii: "/") || b == UInt8(ascii: " ")
    }

    /// FNV-1a: the same value in every run (a segment's hash only rules a name out).
    static func segmentHash(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        var h = segmentHashSeed
        for b in bytes { h = (h ^ UInt64(b)) &* segmentHashPrime }
        return h
    }

    static let segmentHashSeed: UInt64 = 0xcbf2_9ce4_8422_2325
    static let segmentHashPrime: UInt64 = 0x100_0000_01b3

    /// A file that describes a build other than SwiftPM's and an Xcode project's.
    static func isOtherBuildDescription(_ name: String) -> Bool {
        isProjectEntry(name) && !name.hasSuffix(".xcodeproj") || name == "project.yaml" || name == "Workspace.swift"
            || name.hasSuffix(".podspec") || name.hasSuffix(".podspec.json") || name == "BUILD" || name == "BUILD.bazel"
            || name == "CMakeLists.txt" || name.hasSuffix(".xcworkspace") && !name.hasPrefix("project.")
    }

    /// The last component of each `path = …;` and `name = …;` value of a project file.
    static func listedNames(_ bytes: [UInt8], into names: inout Set<String>) {
        let n = bytes.count
        var i = 0
        while i + 7 < n {
            defer { i += 1 }
            let isPath = bytes[i] == UInt8(ascii: "p") && bytes[i + 1] == UInt8(ascii: "a") && bytes[i + 2] == UInt8(ascii: "t") && bytes[i + 3] == UInt8(ascii: "h")
            let isName = bytes[i] == UInt8(ascii: "n") && bytes[i + 1] == UInt8(ascii: "a") && bytes[i + 2] == UInt8(ascii: "m") && bytes[i + 3] == UInt8(ascii: "e")
            guard isPath || isName, i == 0 || bytes[i - 1] == UInt8(ascii: " ") || bytes[i - 1] == UInt8(ascii: "\t") || bytes[i - 1] == UInt8(ascii: "{"),
                  bytes[i + 4] == UInt8(ascii: " "), bytes[i + 5] == UInt8(ascii: "="), bytes[i + 6] == UInt8(ascii: " ") else { continue }
            var j = i + 7
            var start = j
            while j < n && bytes[j] != UInt8(ascii: ";") && bytes[j] != UInt8(ascii: "\n") {
                if bytes[j] == UInt8(ascii: "/") { start = j + 1 }
                j += 1
            }
            var value = Array(bytes[start..<j])
            while value.first == UInt8(ascii: "\"") { value.removeFirst() }
            while value.last == UInt8(ascii: "\"") { value.removeLast() }
            if !value.isEmpty { names.insert(String(decoding: value, as: UTF8.self)) }
            i = j
        }
    }

    /// The names in folder `path` (none when it cannot be read).
    static func entries(of path: String) -> [String] {
        guard let d = opendir(path.isEmpty ? "." : path) else { return [] }
        defer { closedir(d) }
        var out: [String] = []
        while let e = readdir(d) {
            let name = FileIO.entryName(e)
            if name != "." && name != ".." { out.append(name) }
        }
        return out
    }

    /// Whether package root `root` sits in a test folder of a package around it
    /// (`IntegrationTests/Fixture/Package.swift`, `ContractTests/Package.swift` in a repository whose
    /// root has a manifest): the folders between the two roots count like any other folders.
    /// A package with no manifest above it keeps its own folder's name out of the question, so a
    /// checkout named `…Tests` does not turn a whole package into test code.
    mutating func insideTestFolder(ofOuterPackage root: String) -> Bool {
        guard root != "/", let outer = packageRoot(of: Self.parent(of: root)), root.count > outer.count + 1 else { return false }
        let between = String(root.dropFirst(outer == "/" ? 1 : outer.count + 1))
        return FileContext.testLocation(byPath: between + "/x")
    }

    mutating func packageRoot(of folder: String) -> String? {
        var visited: [String] = []
        var dir = folder
        var found: String? = nil
        while true {
            if let known = manifestOfFolder[dir] { found = known; break }
            visited.append(dir)
            if Self.isRegularFile(dir == "/" ? "/Package.swift" : dir + "/Package.swift") { found = dir; break }
            if dir == "/" || dir.isEmpty { break }
            dir = Self.parent(of: dir)
        }
        for v in visited { manifestOfFolder[v] = .some(found) }
        return found
    }

    mutating func manifest(at root: String) -> PackageManifest {
        if let m = manifests[root] { return m }
        let path = root == "/" ? "/Package.swift" : root + "/Package.swift"
        let m = (try? FileIO.readFile(path)).map { PackageManifest(bytes: $0) } ?? PackageManifest()
        manifests[root] = m
        return m
    }

    /// ASCII without a carriage return: every byte is one character (a `\r\n` pair is one
    /// character), so byte offsets and character counts agree.
    static func isPlainASCII(_ s: String) -> Bool {
        var s = s
        return s.withUTF8 { p in
            for b in p where b >= 0x80 || b == 0x0D { return false }
            return true
        }
    }

    static func parent(of path: String) -> String {
        if isPlainASCII(path) {
            // The last `/` found by bytes instead of by characters (what one path costs adds up
            // over every file of the run, before the parallel work starts).
            let u = path.utf8
            guard let slash = u.lastIndex(of: UInt8(ascii: "/")) else { return "." }
            if slash == u.startIndex { return "/" }
            return String(path[..<slash])
        }
        guard let slash = path.lastIndex(of: "/") else { return "." }
        if slash == path.startIndex { return "/" }
        return String(path[..<slash])
    }

    static func isRegularFile(_ path: String) -> Bool {
        var st = stat()
        return stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFREG
    }

    static func currentDirectory() -> String {
        var buffer = [CChar](repeating: 0, count: 4096)
        guard getcwd(&buffer, buffer.count) != nil else { return "." }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
