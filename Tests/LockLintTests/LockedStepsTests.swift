import XCTest
@testable import LockLintCore

/// Whether an outer lock stays held across code, and at every write of a name (`LockedSteps`),
/// on small sources.
final class LockedStepsTests: XCTestCase {
    func structure(_ code: String) -> FileStructure { FileStructure(file: SourceFile(path: "S.swift", text: code)) }

    /// The code token index of the `n`th occurrence of `word`.
    func token(_ s: FileStructure, _ word: String, _ n: Int = 0) -> Int {
        s.code.indices.filter { s.text($0) == word }[n]
    }

    func testHeldAcrossAndByEveryCaller() {
        let s = structure("""
            final class C {
                private let outer = NSLock()
                private var n = 0
                func a() { outer.withLock { step() } }
                func b() { outer.lock(); defer { outer.unlock() }; step() }
                private func step() { let x = n; n = x + 1 }
                func c() { outer.lock(); let y = n; outer.unlock(); outer.lock(); n = y; outer.unlock() }
            }
            """)
        var steps = LockedSteps(s, regions: LockRegions(s, vocabulary: .default))
        // Both steps of the helper: every caller holds `outer`.
        XCTAssertEqual(steps.outerLocks(across: [token(s, "n", 1), token(s, "n", 2)], except: ""), ["outer"])
        // Two holds of `outer` with a gap between them: not held across.
        XCTAssertEqual(steps.outerLocks(across: [token(s, "n", 3), token(s, "n", 4)], except: ""), [])
        XCTAssertTrue(steps.everyWrite(of: "n", holds: "outer", inType: "C"))
    }

    func testAnUnlockedCallerOrWriterBreaksIt() {
        let s = structure("""
            final class C {
                private let outer = NSLock()
                private var n = 0
                func a() { outer.withLock { step() } }
                func b() { step() }
                private func step() { let x = n; n = x + 1 }
                func reset() { n = 0 }
            }
            """)
        var steps = LockedSteps(s, regions: LockRegions(s, vocabulary: .default))
        XCTAssertEqual(steps.outerLocks(across: [token(s, "n", 1), token(s, "n", 2)], except: ""), [])
        XCTAssertFalse(steps.everyWrite(of: "n", holds: "outer", inType: "C"))
    }
}
