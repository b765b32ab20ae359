import Foundation
import XCTest
@testable import LockLintCLI
@testable import LockLintCore

/// A Swift file that nothing builds (outside every target of a package's manifest, listed by no
/// Xcode project of the package, with no other build description there) in a folder a test names
/// as a path is data the test reads as text: it is judged like test code. When the tool cannot
/// tell what builds it, or no test reads the folder, it is source.
final class UnbuiltSourcesTests: FolderTestCase {
    static let manifest = """
        // swift-tools-version: 5.9
        import PackageDescription
        let package = Package(
            name: "Formatter",
            targets: [
                .target(name: "Formatter", path: "Sources"),
                .testTarget(name: "FormatterTests", dependencies: ["Formatter"]),
            ]
        )
        """

    /// A shared counter that production code reports and test code (without Swift Testing) does not.
    static let code = """
        import Foundation
        final class Counter: @unchecked Sendable {
            private var hits = 0
            func hit() { hits += 1 }
        }
        """

    func warned(_ out: String, _ file: String) -> Bool {
        out.split(separator: "\n").contains { $0.contains(file) && $0.contains(": warning: ") }
    }

    func testAFolderNoTargetBuildsIsReadAsData() async throws {
        try write("Package.swift", Self.manifest)
        try write("Sources/Counter.swift", Self.code)
        try write("Samples/Issues/Counter.swift", Self.code)
        try write("Samples/Counter.swift", Self.code)
        try write("Scripts/Counter.swift", Self.code)
        try write("Tests/FormatterTests/SampleTests.swift", """
            import XCTest
            final class SampleTests: XCTestCase {
                func testSamples() throws {
                    let url = URL(fileURLWithPath: #filePath).appendingPathComponent("../../Samples")
                    XCTAssertNotNil(try? FileManager.default.contentsOfDirectory(atPath: url.path))
                }
            }
            """)
        let run = await Support.run([path(".")])
        XCTAssertTrue(warned(run.out, "Sources/Counter.swift"), run.out)
        XCTAssertFalse(warned(run.out, "Samples/Issues/Counter.swift"), run.out)
        XCTAssertFalse(warned(run.out, "Samples/Counter.swift"), run.out)
        // No test reads it: a script, or sources built some way the tool does not see.
        XCTAssertTrue(warned(run.out, "Scripts/Counter.swift"), run.out)
    }

    /// Another spelling: default target folders, and an Xcode project that lists one file by name
    /// and another folder as a whole (a synchronized group): those are built.
    func testWhatAnXcodeProjectListsIsBuilt() async throws {
        try write("Package.swift", """
            // swift-tools-version: 5.9
            import PackageDescription
            let package = Package(name: "Kit", targets: [.target(name: "Kit"), .testTarget(name: "KitTests")])
            """)
        try write("Sources/Kit/Counter.swift", Self.code)
        try write("Demo/App/Listed.swift", Self.code)
        try write("Demo/Synced/Counter.swift", Self.code)
        try write("Demo/Loose/Counter.swift", Self.code)
        try write("Tests/KitTests/DemoTests.swift", "import XCTest\nlet demoFolder = \"Demo/Loose\"\nlet draft = \"Sources/Draft\"\n")
        // In the folder that holds the targets: a target the manifest may be about to name.
        try write("Sources/Draft/Counter.swift", Self.code)
        try write("Demo/Demo.xcodeproj/project.pbxproj", """
            // !$*UTF8*$!
            {
                objects = {
                    A1 /* Listed.swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = Listed.swift; sourceTree = "<group>"; };
                    A2 /* Synced */ = {isa = PBXFileSystemSynchronizedRootGroup; path = Synced; sourceTree = "<group>"; };
                };
            }
            """)
        let run = await Support.run([path(".")])
        XCTAssertTrue(warned(run.out, "Sources/Kit/Counter.swift"), run.out)
        XCTAssertTrue(warned(run.out, "Demo/App/Listed.swift"), run.out)
        XCTAssertTrue(warned(run.out, "Demo/Synced/Counter.swift"), run.out)
        XCTAssertFalse(warned(run.out, "Demo/Loose/Counter.swift"), run.out)
        XCTAssertTrue(warned(run.out, "Sources/Draft/Counter.swift"), run.out)
    }

    /// When something in between may build it (a project generator's spec, a podspec) or the
    /// manifest computes a target's folder, the tool cannot tell: the file stays source.
    func testWhenTheToolCannotTellItIsSource() async throws {
        try write("Package.swift", Self.manifest)
        try write("Extras/Counter.swift", Self.code)
        try write("Tests/FormatterTests/ExtrasTests.swift", "import XCTest\nlet extras = [\"lint\", \"Extras\"]\n")
        try write("project.yml", "name: Formatter\n")
        let generated = await Support.run([path(".")])
        XCTAssertTrue(warned(generated.out, "Extras/Counter.swift"), generated.out)

        try FileManager.default.removeItem(atPath: path("project.yml"))
        try write("Formatter.podspec", "Pod::Spec.new do |s|\nend\n")
        let pod = await Support.run([path(".")])
        XCTAssertTrue(warned(pod.out, "Extras/Counter.swift"), pod.out)

        try FileManager.default.removeItem(atPath: path("Formatter.podspec"))
        try write("Package.swift", """
            // swift-tools-version: 5.9
            import PackageDescription
            let root = "Extras"
            let package = Package(name: "Formatter", targets: [.target(name: "Formatter", path: root)])
            """)
        let computed = await Support.run([path(".")])
        XCTAssertTrue(warned(computed.out, "Extras/Counter.swift"), computed.out)

        // And with nothing in between, the same file is data.
        try write("Package.swift", Self.manifest)
        let plain = await Support.run([path(".")])
        XCTAssertFalse(warned(plain.out, "Extras/Counter.swift"), plain.out)
    }

    /// The folder a test names must be a whole path segment: after a quote or a slash, before a
    /// quote, a slash or a space (the tests are read once per package, not once per folder). A
    /// folder whose name only starts a named one, or that a test names only after a space, stays
    /// source; a name with a space in it is matched too.
    func testOnlyAWholeSegmentNamesAFolder() async throws {
        try write("Package.swift", Self.manifest)
        try write("Inputs/Counter.swift", Self.code)
        try write("Input/Counter.swift", Self.code)
        try write("Puts/Counter.swift", Self.code)
        try write("Files/Counter.swift", Self.code)
        try write("Golden Files/Counter.swift", Self.code)
        try write("Cases/Counter.swift", Self.code)
        try write("Tests/FormatterTests/InputTests.swift", """
            import XCTest
            let inputs = "Inputs --recursive"
            let golden = root + "/Golden Files/"
            let cases = ["first", "sub/dir/Cases"]
            let words = "no Puts here"
            """)
        let run = await Support.run([path(".")])
        XCTAssertFalse(warned(run.out, "Inputs/Counter.swift"), run.out)
        XCTAssertFalse(warned(run.out, "Golden Files/Counter.swift"), run.out)
        XCTAssertFalse(warned(run.out, "Cases/Counter.swift"), run.out)
        XCTAssertTrue(warned(run.out, "Input/Counter.swift"), run.out)
        XCTAssertTrue(warned(run.out, "Puts/Counter.swift"), run.out)
        XCTAssertTrue(warned(run.out, "Files/Counter.swift"), run.out)
    }
}
