import XCTest
@testable import LockLintCore

/// The engine's questions about a dispatched block on their own: which closure a dispatch call
/// sends, its weak capture list, whether it reads task-local values, and what stored names it assigns.
final class DispatchedBlocksTests: XCTestCase {
    func structure(_ code: String) -> FileStructure { FileStructure(file: SourceFile(path: "S.swift", text: code)) }

    /// The code token index of the `n`th occurrence of `word`.
    func token(_ s: FileStructure, _ word: String, _ n: Int = 0) -> Int {
        s.code.indices.filter { s.text($0) == word }[n]
    }

    func testTheDispatchedClosureAndItsWeakCaptures() {
        let s = structure("""
            func run() {
                DispatchQueue.main.asyncAfter(deadline: .now() + 1) { [weak self, unowned delegate] in self?.tick() }
                DispatchQueue.main.async { [value] in use(value) }
                DispatchQueue.main.sync(execute: work)
            }
            """)
        let after = token(s, "asyncAfter")
        XCTAssertEqual(DispatchedBlocks.dispatchedClosure(s, call: after)?.callee, after)
        XCTAssertEqual(DispatchedBlocks.weakCaptureList(s, call: after), "[weak self, unowned delegate]")
        XCTAssertNil(DispatchedBlocks.weakCaptureList(s, call: token(s, "async")))
        XCTAssertNil(DispatchedBlocks.dispatchedClosure(s, call: token(s, "sync")))
    }

    func testTaskLocalReads() {
        let s = structure("""
            final class Model {
                @TaskLocal static var requestID: String?
                func a() { DispatchQueue.main.async { print(Model.requestID) } }
                func b() { DispatchQueue.main.async { print(1) } }
            }
            """)
        let names = DispatchedBlocks.taskLocalNames(s)
        XCTAssertEqual(names, ["requestID"])
        XCTAssertTrue(DispatchedBlocks.readsTaskLocal(s, dispatchedBy: token(s, "async", 0), names: names))
        XCTAssertFalse(DispatchedBlocks.readsTaskLocal(s, dispatchedBy: token(s, "async", 1), names: names))
    }

    func testAssignedNamesFollowMethodsOfTheTypeOneLevel() {
        let s = structure("""
            final class Layout {
                var scheduled = false
                var count = 0
                func reset() { count = 0 }
                func schedule() {
                    DispatchQueue.main.async { self.scheduled = false; self.reset(); other.value = 1 }
                }
            }
            """)
        let c = DispatchedBlocks.dispatchedClosure(s, call: token(s, "async"))!
        XCTAssertEqual(DispatchedBlocks.assignedNames(s, in: c.interior, methodsOf: "Layout"), ["scheduled", "count"])
        XCTAssertEqual(DispatchedBlocks.assignedNames(s, in: c.interior), ["scheduled"])
    }
}
