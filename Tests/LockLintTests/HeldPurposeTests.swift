import XCTest
@testable import LockLintCore

/// Whether a lock is held around a call on purpose (`HeldPurpose`): the call's result becomes
/// state, the author says so, or the lock guards nothing but the call.
final class HeldPurposeTests: XCTestCase {
    func structure(_ code: String) -> FileStructure { FileStructure(file: SourceFile(path: "S.swift", text: code)) }

    func token(_ s: FileStructure, _ word: String, _ n: Int = 0) -> Int {
        s.code.indices.filter { s.text($0) == word }[n]
    }

    func regions(_ s: FileStructure, _ lock: String) -> [LockRegion] {
        LockRegions(s, vocabulary: .default).regions.filter { $0.lock == lock }.sorted { $0.start < $1.start }
    }

    func testInnermostStatementIsTheNestedOne() {
        let s = structure("""
            func f() {
                lock.withLock {
                    if ready {
                        value = make()
                    }
                }
            }
            """)
        let call = token(s, "make")
        let st = HeldPurpose.innermostStatement(s, call, from: 0)!
        XCTAssertEqual(s.text(st.lowerBound), "value")
        let cond = HeldPurpose.innermostStatement(s, token(s, "ready"), from: 0)!
        XCTAssertEqual(s.text(cond.lowerBound), "if", "a condition belongs to its if")
    }

    func testResultStoredThroughALocalAndAMethodThatStoresIt() {
        let s = structure("""
            final class V {
                let lock = NSLock()
                let make: () -> String
                var stored: String?
                func a() { lock.withLock { var t: String? = nil; t = make(); keep(t!) } }
                func b() { lock.withLock { let t = make(); show(t) } }
                private func keep(_ v: String) { stored = v }
                private func show(_ v: String) { print(v) }
            }
            """)
        let rs = regions(s, "lock")
        var writers: [Int: Bool] = [:]
        let callA = token(s, "make", 1)
        let stA = HeldPurpose.innermostStatement(s, callA, from: rs[0].start + 1)!
        XCTAssertTrue(HeldPurpose.resultBecomesState(s, stA, call: callA, becomingState: HeldPurpose.namesBecomingState(s, rs[0], writers: &writers)))
        let callB = token(s, "make", 2)
        let stB = HeldPurpose.innermostStatement(s, callB, from: rs[1].start + 1)!
        XCTAssertFalse(HeldPurpose.resultBecomesState(s, stB, call: callB, becomingState: HeldPurpose.namesBecomingState(s, rs[1], writers: &writers)),
                       "a method that only prints does not store the value")
    }

    func testCommentsThatStateADeliberateHold() {
        XCTAssertTrue(HeldPurpose.statesDeliberateHold("// Serialized by notify so callbacks arrive in order"))
        XCTAssertTrue(HeldPurpose.statesDeliberateHold("// checked under the same lock as cancel() to close the race"))
        XCTAssertTrue(HeldPurpose.statesDeliberateHold("/// the handler must not call back into this object"))
        XCTAssertFalse(HeldPurpose.statesDeliberateHold("// notify the observers"))
        XCTAssertFalse(HeldPurpose.statesDeliberateHold("/// Protects `items`."))
        XCTAssertFalse(HeldPurpose.statesDeliberateHold("// items are guarded by lock"), "what the lock guards, not why the call is under it")
        XCTAssertFalse(HeldPurpose.statesDeliberateHold("// log a trace, in order to debug"), "words inside words, and `in order to`")
    }

    func testALockThatOnlyOrdersItsCalls() {
        let s = structure("""
            final class J {
                let inner = NSLock()
                let outer = NSLock()
                var items: [Int] = []
                var count = 0
                var onChange: (([Int]) -> Void)?
                func add(_ x: Int) { outer.withLock { let c = inner.withLock { items.append(x); return items }; onChange?(c) } }
                func clear() { outer.withLock { inner.withLock { items = [] }; onChange?([]) } }
                func bump() { outer.withLock { count += 1; onChange?(items) } }
            }
            """)
        let all = LockRegions(s, vocabulary: .default).regions
        let nested = Dictionary(all.filter { $0.lock != "outer" }.map { ($0.acquireToken, $0.end) }) { a, _ in a }
        let outer = regions(s, "outer")
        XCTAssertTrue(HeldPurpose.onlySerialisesCall(s, regions: Array(outer.prefix(2)), name: "onChange", nested: nested))
        XCTAssertFalse(HeldPurpose.onlySerialisesCall(s, regions: outer, name: "onChange", nested: nested),
                       "bump writes count with only the outer lock held")
    }
}
