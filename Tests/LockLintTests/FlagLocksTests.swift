import XCTest
@testable import LockLintCore

/// Locks whose state a Bool parameter decides (`FlagLocks`).
final class FlagLocksTests: XCTestCase {
    func locks(_ code: String) -> [String: Set<String>] {
        let s = FileStructure(file: SourceFile(path: "S.swift", text: code))
        return FlagLocks(s, vocabulary: LockVocabulary()).byName
    }

    func testLockTakenOnlyWhenTheFlagSaysSoIsUnknown() {
        let code = """
            final class A {
                func run(held: Bool) {
                    if !held { gate.lock() }
                    work()
                    gate.unlock()
                }
                func plain(verbose: Bool) {
                    if verbose { gate.lock(); log(); gate.unlock() }
                    other.lock()
                    other.unlock()
                }
            }
            """
        XCTAssertEqual(locks(code), ["run": ["gate"]])
    }

    func testGuardWhoseElseLeavesTheLockLikeTheRestIsKnown() {
        let code = """
            final class A {
                func balanced(ok: Bool) {
                    gate.lock()
                    guard ok else { gate.unlock(); return }
                    gate.unlock()
                }
                func skipping(inside: Bool) {
                    guard inside else { gate.lock(); gate.unlock(); return }
                    gate.unlock()
                }
            }
            """
        XCTAssertEqual(locks(code), ["skipping": ["gate"]])
    }
}
