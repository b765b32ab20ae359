import XCTest
@testable import LockLintCore

/// Where code runs with respect to one serial queue of its type, and whether every write of a
/// name runs there (`SerialSteps`), on small sources.
final class SerialStepsTests: XCTestCase {
    func structure(_ code: String) -> FileStructure { FileStructure(file: SourceFile(path: "S.swift", text: code)) }

    /// The code token index of the `n`th occurrence of `word`.
    func token(_ s: FileStructure, _ word: String, _ n: Int = 0) -> Int {
        s.code.indices.filter { s.text($0) == word }[n]
    }

    func testBlocksAndPrivateHelpersRunOnTheQueue() {
        let s = structure("""
            final class C {
                private let queue = DispatchQueue(label: "c")
                private let wide = DispatchQueue(label: "w", attributes: .concurrent)
                private var n = 0
                func a() { queue.async { self.n += 1 } }
                func b() { queue.asyncAfter(deadline: .now()) { self.step() } }
                private func step() { n = 0 }
                func c() { n = 2 }
                func d() { wide.async { self.n = 3 } }
            }
            """)
        var steps = SerialSteps(s)
        XCTAssertEqual(steps.queue(at: token(s, "n", 1)), "queue")
        XCTAssertEqual(steps.queue(at: token(s, "n", 2)), "queue")
        XCTAssertNil(steps.queue(at: token(s, "n", 3)))
        // A concurrent queue's block is not one at a time.
        XCTAssertNil(steps.queue(at: token(s, "n", 4)))
    }

    func testEveryWriteOfANameInTheType() {
        let quiet = structure("""
            final class C {
                private let queue = DispatchQueue(label: "c")
                private var n = 0
                func a() { queue.async { self.n += 1 } }
                private func step() { n = 0 }
                func b() { queue.async { self.step() } }
            }
            final class D { var n = 0; func e() { n = 1 } }
            """)
        var steps = SerialSteps(quiet)
        XCTAssertTrue(steps.everyWrite(of: "n", on: "queue", inType: "C"))
        let loud = structure("""
            final class C {
                private let queue = DispatchQueue(label: "c")
                private var n = 0
                func a() { queue.async { self.n += 1 } }
                func reset() { n = 0 }
            }
            """)
        var loudSteps = SerialSteps(loud)
        XCTAssertFalse(loudSteps.everyWrite(of: "n", on: "queue", inType: "C"))
    }
}
