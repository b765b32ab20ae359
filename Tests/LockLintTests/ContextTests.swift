import Foundation
import XCTest
@testable import LockLintCLI
@testable import LockLintCore

/// What the tool learns about a file before it reads it: test code, deployment targets and
/// default isolation from the package manifest, and what each rule reports in tests.
final class ContextTests: FolderTestCase {
    static let manifest = """
        // swift-tools-version: 6.0
        import PackageDescription
        let package = Package(
            name: "Demo",
            platforms: [.macOS(.v10_15), .iOS("16.0")],
            dependencies: [.package(url: "https://example.com/x", from: "1.0.0")],
            targets: [
                .target(name: "Core", dependencies: [.product(name: "X", package: "x")]),
                .target(name: "UI", path: "App/UI", swiftSettings: [.defaultIsolation(MainActor.self)]),
                .testTarget(name: "CoreTests", dependencies: ["Core"]),
                .testTarget(name: "Checks", path: "Verification/"),
            ]
        )
        """

    func testManifestTargetsPlatformsAndIsolation() {
        let m = PackageManifest(bytes: Array(Self.manifest.utf8))
        XCTAssertEqual(m.targets.map(\.name), ["Core", "UI", "CoreTests", "Checks"])
        XCTAssertEqual(m.targets.map(\.path), ["Sources/Core", "App/UI", "Tests/CoreTests", "Verification"])
        XCTAssertEqual(m.targets.map(\.isTest), [false, false, true, true])
        XCTAssertEqual(m.targets.map(\.defaultMainActor), [false, true, false, false])
        XCTAssertEqual(m.platforms["macOS"], Version(10, 15))
        XCTAssertEqual(m.platforms["iOS"], Version(16))
        XCTAssertEqual(m.target(containing: "Verification/Sub/A.swift")?.name, "Checks")
        XCTAssertNil(m.target(containing: "VerificationOther/A.swift"))
    }

    func testDeploymentDecidesTheAdvisedLock() {
        XCTAssertTrue(LockAdvice.stateLock(Deployment(platforms: ["macOS": Version(15), "iOS": Version(18)])).hasPrefix("Mutex<State>"))
        XCTAssertTrue(LockAdvice.stateLock(Deployment(platforms: ["macOS": Version(13), "iOS": Version(16)])).hasPrefix("OSAllocatedUnfairLock"))
        XCTAssertTrue(LockAdvice.stateLock(Deployment(platforms: ["macOS": Version(10, 15)])).hasPrefix("NSLock"))
        // No `platforms:` means SwiftPM's oldest defaults.
        XCTAssertTrue(LockAdvice.stateLock(Deployment(platforms: [:])).hasPrefix("NSLock"))
        // Unknown (no manifest): the availability of each is spelled out.
        XCTAssertTrue(LockAdvice.stateLock(nil).contains("iOS 18/macOS 15"))
    }

    func testTestLocationsByPath() {
        for p in ["Tests/AppTests/A.swift", "App/UnitTests/B.swift", "Mocks/Session.swift", "Sources/App/MockStore.swift",
                  "Sources/App/StoreSpy.swift", "Sources/App/StoreTests.swift", "App/TestSupport/Helpers.swift",
                  "Benchmarks/Throughput/Main.swift", "Sources/ParserBenchmarks/Run.swift", "Fuzz/Entry.swift",
                  "Sources/ServerPerformanceTester/Main.swift", "Sources/Tester/QueueBenchmark.swift", "FuzzTesting/Sources/FuzzDecode/main.swift"] {
            XCTAssertTrue(FileContext.testLocation(byPath: p), p)
        }
        for p in ["Sources/App/Store.swift", "Sources/Mockingbird/A.swift", "Sources/App/Mockery.swift", "TestFixtures/x/y.swift",
                  "Sources/Bench/Benchmark.swift", "Sources/Fuzzy/Match.swift", "Sources/App/BenchmarkResult.swift"] {
            XCTAssertFalse(FileContext.testLocation(byPath: p), p)
        }
    }

    func testTestTargetsFromTheManifestAndTheirPolicy() async throws {
        try write("Package.swift", Self.manifest)
        let unchecked = """
            import Foundation
            final class Box: @unchecked Sendable {
                var items: [Int] = []
                func add(_ i: Int) { items.append(i) }
            }
            let gate = DispatchSemaphore(value: 0)
            """
        // A test target in a folder no name-based rule would call a test folder.
        try write("Verification/BoxCheck.swift", unchecked)
        try write("Sources/Core/Box.swift", unchecked)
        let run = await Support.run([path(".")])
        let findings = run.out.split(separator: "\n").filter { $0.contains(": warning: ") }
        // Production code: the lock-free class and the semaphore.
        XCTAssertEqual(findings.filter { $0.contains("Sources/Core/Box.swift") }.map { String($0.split(separator: "[").last ?? "") },
                       ["unchecked_sendable_unguarded]", "dispatch_semaphore]"], run.out)
        // Test code: neither (a lock-free double, a semaphore in synchronous test code).
        XCTAssertFalse(run.out.contains("Verification/BoxCheck.swift"), run.out)
        // The fix-it respects the package's macOS 10.15 deployment: no Mutex, no OSAllocatedUnfairLock.
        let fix = run.out.split(separator: "\n").first { $0.contains("fix-it") && $0.contains("Box.swift:2") } ?? ""
        XCTAssertTrue(fix.contains("NSLock"), String(fix))
        XCTAssertFalse(fix.contains("Mutex<") || fix.contains("OSAllocatedUnfairLock"), String(fix))

        // The configuration can ask for everything in tests.
        try write(".swift-lock-lint.json", #"{"rules": {"dispatch_semaphore": {"inTests": "all"}}}"#)
        let all = await Support.run([path(".")])
        XCTAssertTrue(all.out.contains("Verification/BoxCheck.swift:6:12: warning:"), all.out)
        XCTAssertFalse(all.out.contains("BoxCheck.swift:2"), all.out)
    }

    /// A `ContractTests` folder is a test folder like any other `*Tests` folder: as a test
    /// target's default folder, as a folder a plain target sits in, by its path alone (no
    /// manifest), and as the folder a package of its own sits in, inside a package around it.
    func testAContractTestsFolderIsTestCodeInEveryLayout() async throws {
        let semaphore = """
            import Dispatch
            func waitForIt() { let done = DispatchSemaphore(value: 0); done.wait() }
            """
        try write("Package.swift", """
            // swift-tools-version: 6.0
            import PackageDescription
            let package = Package(name: "Outer", targets: [
                .target(name: "Core"),
                .testTarget(name: "ContractTests"),
                .target(name: "Fixtures", path: "Checks/ContractTests/Fixtures"),
            ])
            """)
        try write("Sources/Core/Wait.swift", semaphore)
        try write("Tests/ContractTests/Wait.swift", semaphore)
        try write("Checks/ContractTests/Fixtures/Wait.swift", semaphore)
        // A package of its own inside the outer package's ContractTests folder.
        try write("ContractTests/Package.swift", """
            // swift-tools-version: 6.0
            import PackageDescription
            let package = Package(name: "Contracts", targets: [.target(name: "Support")])
            """)
        try write("ContractTests/Sources/Support/Wait.swift", semaphore)
        let run = await Support.run(["--only-rule", "dispatch_semaphore", path(".")])
        let paths = run.out.split(separator: "\n").filter { $0.contains(": warning: ") }.map { String($0.split(separator: ":")[0]) }
        XCTAssertEqual(paths.count, 1, run.out)
        XCTAssertTrue(paths.allSatisfy { $0.hasSuffix("/Sources/Core/Wait.swift") }, run.out)
        XCTAssertTrue(FileContext.testLocation(byPath: "Tests/ContractTests/Wait.swift"))
        XCTAssertTrue(FileContext.testLocation(byPath: "ContractTests/Wait.swift"))
    }

    func testAManifestsPlatformsApplyOnlyToItsOwnTargets() async throws {
        // An app's root manifest that only builds a tools target: the app's sources beside it
        // are not deployed by it.
        try write("Package.swift", """
            // swift-tools-version: 6.0
            import PackageDescription
            let package = Package(
                name: "AppTools",
                platforms: [.macOS(.v15)],
                targets: [
                    .executableTarget(name: "Tools", path: "Tools/Sources"),
                    .plugin(name: "Vendor", capability: .command(intent: .custom(verb: "vendor", description: ""))),
                ]
            )
            """)
        let code = """
            final class Counter: @unchecked Sendable {
                private var hits = 0
                func hit() { hits += 1 }
            }
            """
        try write("Tools/Sources/Counter.swift", code)
        try write("Plugins/Vendor/Counter.swift", code)
        try write("App/Sources/Counter.swift", code)
        let run = await Support.run([path(".")])
        let fixes = run.out.split(separator: "\n").filter { $0.contains("fix-it") }
        func fix(_ file: String) -> String { String(fixes.first { $0.contains(file) } ?? "") }
        // The tools target and the plugin deploy to macOS 15: Mutex, with no version caveat.
        XCTAssertTrue(fix("Tools/Sources/Counter.swift").contains("Mutex<State> and reach it"), run.out)
        XCTAssertTrue(fix("Plugins/Vendor/Counter.swift").contains("Mutex<State> and reach it"), run.out)
        // The app's sources: unknown, so each lock is named with the OS it needs.
        XCTAssertTrue(fix("App/Sources/Counter.swift").contains("Mutex<State> (iOS 18/macOS 15)"), run.out)
        XCTAssertEqual(PackageManifest(bytes: Array(Self.manifest.utf8)).targets.count, 4)
    }

    func testABinaryOnlyManifestsPlatformsApplyToTheSourcesBesideIt() async throws {
        // Every target is a prebuilt binary: the sources beside the manifest are what it is made
        // from, so its platforms (below Mutex and OSAllocatedUnfairLock) decide the advice.
        try write("Package.swift", """
            // swift-tools-version: 5.7
            import PackageDescription
            let package = Package(
                name: "Prebuilt",
                platforms: [.macOS(.v10_15), .iOS(.v12)],
                products: [.library(name: "Prebuilt", targets: ["Prebuilt"])],
                targets: [
                    .binaryTarget(name: "Prebuilt", url: "https://example.com/Prebuilt.zip", checksum: "00"),
                ]
            )
            """)
        let code = """
            import Foundation
            final class Store {
                private let lock = DispatchSemaphore(value: 1)
                private var boxes: [String: Int] = [:]
                func box(_ k: String) -> Int? { lock.wait(); defer { lock.signal() }; return boxes[k] }
            }
            """
        try write("Source/framework/Store.swift", code)
        let run = await Support.run(["--only-rule", "dispatch_semaphore", path(".")])
        let fix = String(run.out.split(separator: "\n").first { $0.contains("fix-it") } ?? "")
        XCTAssertTrue(fix.contains("use NSLock (the package deploys below Mutex's macOS 15/iOS 18)"), run.out)
        XCTAssertFalse(fix.contains("OSAllocatedUnfairLock"), run.out)
    }

    func testDefaultMainActorModuleIsolatesItsClasses() async throws {
        try write("Package.swift", Self.manifest)
        let code = """
            final class Screen: @unchecked Sendable {
                var title = ""
                func rename(_ t: String) { title = t }
            }
            """
        try write("App/UI/Screen.swift", code)
        try write("Sources/Core/Screen.swift", code)
        let run = await Support.run([path(".")])
        XCTAssertFalse(run.out.contains("App/UI/Screen.swift"), run.out)
        XCTAssertTrue(run.out.contains("Sources/Core/Screen.swift:1:13: warning:"), run.out)
    }

    /// A project file with one configuration at project level and, per target, its own settings.
    static func pbxproj(project: String, targets: [String]) -> String {
        var objects = """
            P1 /* Project object */ = { isa = PBXProject; buildConfigurationList = PL /* list */; };
            PL = { isa = XCConfigurationList; buildConfigurations = ( PC /* Debug */, ); };
            PC /* Debug */ = { isa = XCBuildConfiguration; buildSettings = { \(project) }; name = Debug; };

            """
        for (k, settings) in targets.enumerated() {
            objects += """
                T\(k) = { isa = PBXNativeTarget; buildConfigurationList = TL\(k); name = "App \(k)"; };
                TL\(k) = { isa = XCConfigurationList; buildConfigurations = ( TC\(k), ); };
                TC\(k) = { isa = XCBuildConfiguration; buildSettings = { \(settings) }; name = Debug; };

                """
        }
        return "// !$*UTF8*$!\n{\n\tarchiveVersion = 1;\n\tobjects = {\n\(objects)\t};\n\trootObject = P1;\n}\n"
    }

    func testAnXcodeProjectWhoseEveryTargetDefaultsToTheMainActor() {
        func main(_ project: String, _ targets: [String]) -> Bool {
            XcodeProject(bytes: Array(Self.pbxproj(project: project, targets: targets).utf8)).everyTargetDefaultsToMainActor
        }
        let on = "SWIFT_DEFAULT_ACTOR_ISOLATION = MainActor; SWIFT_VERSION = 6.0;"
        // Set in every target, or inherited from the project's configuration of the same name.
        XCTAssertTrue(main("", [on, on]))
        XCTAssertTrue(main(on, ["SWIFT_VERSION = 6.0;", on]))
        // One target without it, one that turns it off, or one whose own .xcconfig may set it: unknown.
        XCTAssertFalse(main("", [on, "SWIFT_VERSION = 6.0;"]))
        XCTAssertFalse(main(on, [on, "SWIFT_DEFAULT_ACTOR_ISOLATION = nonisolated;"]))
        XCTAssertFalse(XcodeProject(bytes: Array(Self.pbxproj(project: on, targets: [""]).replacingOccurrences(
            of: "buildSettings = {  }", with: "baseConfigurationReference = X1; buildSettings = {  }").utf8)).everyTargetDefaultsToMainActor)
        // Malformed or cut short: nothing is known.
        let whole = Self.pbxproj(project: "", targets: [on])
        XCTAssertFalse(XcodeProject(bytes: Array(whole.utf8.prefix(whole.utf8.count / 2))).everyTargetDefaultsToMainActor)
        XCTAssertFalse(XcodeProject(bytes: Array(repeating: UInt8(ascii: "{"), count: 10_000)).everyTargetDefaultsToMainActor)
    }

    func testAnXcodeProjectsDefaultIsolationReachesItsFoldersButNotItsPackages() async throws {
        let on = "SWIFT_DEFAULT_ACTOR_ISOLATION = MainActor;"
        try write("App.xcodeproj/project.pbxproj", Self.pbxproj(project: "", targets: [on, on]))
        try write("Other/Tool.xcodeproj/project.pbxproj", Self.pbxproj(project: "", targets: [on, ""]))
        try write("Packages/Kit/Package.swift", """
            // swift-tools-version: 6.0
            import PackageDescription
            let package = Package(name: "Kit", targets: [.target(name: "Kit")])
            """)
        let code = """
            final class Screen: @unchecked Sendable {
                var title = ""
                func rename(_ t: String) { title = t }
            }
            """
        try write("AppSources/Screens/Screen.swift", code)
        try write("Other/Screen.swift", code)
        try write("Packages/Kit/Sources/Kit/Screen.swift", code)
        let run = await Support.run([path(".")])
        // The app's folders: every target of its project is main-actor isolated by default.
        XCTAssertFalse(run.out.contains("AppSources/Screens/Screen.swift"), run.out)
        // A nearer project with a target that is not; a package with its own manifest.
        XCTAssertTrue(run.out.contains("Other/Screen.swift:1:13: warning:"), run.out)
        XCTAssertTrue(run.out.contains("Packages/Kit/Sources/Kit/Screen.swift:1:13: warning:"), run.out)
    }

    /// An app built by an Xcode project (no manifest): every file under one folder beside the
    /// project is one module, so what one subfolder declares (a lock wrapper, an extension, the
    /// caller of an async function) is known in the others. Without a project above them the
    /// same folders stay modules of their own, and the tool says nothing it cannot see.
    func testTheFoldersUnderAnXcodeProjectsFolderAreOneModule() async throws {
        let files: [(String, String)] = [
            // 1. The project's own lock wrapper, declared in another subfolder.
            ("App/Support/Guarded.swift", """
                import Foundation
                final class Guarded {
                    private let inner = NSLock()
                    func run<T>(_ body: () throws -> T) rethrows -> T {
                        inner.lock()
                        defer { inner.unlock() }
                        return try body()
                    }
                }
                """),
            ("App/Services/Store.swift", """
                final class Store: @unchecked Sendable {
                    private let guarded = Guarded()
                    private var items: [String] = []
                    func add(_ s: String) { guarded.run { items.append(s) } }
                    func count() -> Int { guarded.run { items.count } }
                    func peek() -> String? { items.first }
                }
                """),
            // 2. An extension in another subfolder reads the class's guarded var without its lock.
            ("App/Model/Counter.swift", """
                import Foundation
                final class Counter {
                    let lock = NSLock()
                    var total = 0
                    func add(_ n: Int) {
                        lock.lock()
                        defer { lock.unlock() }
                        total += n
                    }
                }
                """),
            ("App/Extensions/Counter+Read.swift", """
                extension Counter {
                    func snapshot() -> Int {
                        lock.lock()
                        defer { lock.unlock() }
                        return total
                    }
                    func peek() -> Int { total }
                }
                """),
            // 3. An async function's hop to the main queue is the last step of an unkept Task in
            //    a view of another subfolder: nothing awaits its effect.
            ("App/Models/FeedModel.swift", """
                import Foundation
                final class FeedModel: ObservableObject {
                    @Published var items: [String] = []
                    func reload() async {
                        let fresh = await fetch()
                        DispatchQueue.main.async {
                            self.items = fresh
                        }
                    }
                    private func fetch() async -> [String] { [] }
                }
                """),
            ("App/Views/FeedScreen.swift", """
                import SwiftUI
                struct FeedScreen: View {
                    @StateObject var model = FeedModel()
                    var body: some View {
                        Text("x").onAppear {
                            Task { await model.reload() }
                        }
                    }
                }
                """),
        ]
        for (name, code) in files {
            try write("WithProject/" + name, code)
            try write("Loose/" + name, code)
            try write("FromSpec/" + name, code)
        }
        try write("WithProject/App.xcodeproj/project.pbxproj", Self.pbxproj(project: "", targets: [""]))
        // The spec an XcodeGen project is generated from, with the project itself not committed.
        try write("FromSpec/project.yml", "name: App\ntargets:\n  App:\n    type: application\n    sources: [App]\n")
        let run = await Support.run(["--quiet", path(".")])
        let root = path(".")
        var found: [String] = []
        for line in run.out.split(separator: "\n") where line.contains(": warning: ") {
            let place = line.split(separator: ":").prefix(2).joined(separator: ":").dropFirst(root.count + 1)
            let rule = line.split(separator: "[").last ?? ""
            found.append(String(place) + " " + String(rule))
        }
        found.sort()
        XCTAssertEqual(found, [
            // With a project's spec (XcodeGen), as with the project: the unguarded read through
            // the wrapper and in the extension, and no hop.
            "FromSpec/App/Extensions/Counter+Read.swift:7 inconsistent_locking]",
            "FromSpec/App/Services/Store.swift:6 unchecked_sendable_unguarded]",
            // Without a project: the wrapper and the extension are another module's, unknown here;
            // the hop's caller too, so the hop is reported.
            "Loose/App/Models/FeedModel.swift:6 dispatch_main_in_async]",
            "WithProject/App/Extensions/Counter+Read.swift:7 inconsistent_locking]",
            "WithProject/App/Services/Store.swift:6 unchecked_sendable_unguarded]",
        ], run.out)
    }

    func testAnUnknownInTestsValueIsAConfigurationError() async throws {
        try write("A.swift", "let x = 1\n")
        try write(".swift-lock-lint.json", #"{"rules": {"dispatch_semaphore": {"inTests": "sometimes"}}}"#)
        let run = await Support.run([path("A.swift")])
        XCTAssertEqual(run.code, 2)
        XCTAssertTrue(run.err.contains("'inTests' must be one of"), run.err)
    }
}
