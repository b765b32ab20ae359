import XCTest
@testable import LockLintCore

/// The engine's decision flow on its own: which locals carry what a critical section read, and
/// whether they decide a later section of the same lock.
final class DecisionFlowTests: XCTestCase {
    func acquisitions(_ code: String) -> (FileStructure, [LockAcquisition]) {
        let s = FileStructure(file: SourceFile(path: "S.swift", text: code))
        var index = ProjectIndex.facts(of: s, vocabulary: .default)
        index.finish()
        let c = RuleContext(structure: s, vocabulary: .default, index: index)
        return (s, LockAcquisitions(c).all.sorted { $0.at < $1.at })
    }

    func testACarrierInAConditionDecidesTheSecondAcquisition() {
        let (s, a) = acquisitions("""
            func f() {
                let count = lock.withLock { failures }
                if count > 5 { lock.withLock { failures = 0 } }
                log(count)
                lock.withLock { failures = 1 }
            }
            """)
        XCTAssertEqual(a.count, 3)
        let carriers = DecisionFlow.decisionCarriers(a[0], checked: ["failures"], s)
        XCTAssertEqual(carriers, ["count": ["failures"]])
        XCTAssertNotNil(DecisionFlow.decides(a[0], carriers: Set(carriers.keys), second: a[1], s))
        // Used in between, but the third runs whatever it says.
        XCTAssertNil(DecisionFlow.decides(a[0], carriers: Set(carriers.keys), second: a[2], s))
    }

    func testACarrierWrittenWithItsTypeCarries() {
        let (s, a) = acquisitions("""
            func f() {
                let last: Date? = lock.withLock { lastSeen }
                if last == nil { lock.withLock { lastSeen = Date() } }
            }
            """)
        XCTAssertEqual(DecisionFlow.decisionCarriers(a[0], checked: ["lastSeen"], s), ["last": ["lastSeen"]])
    }

    func testABoundValueTestedFurtherDecidesWhereItWasFound() {
        let (s, a) = acquisitions("""
            func f() {
                let last = lock.withLock { lastSeen }
                if let last, last < now { lock.withLock { lastSeen = now } }
                if let last { lock.withLock { lastSeen = now } }
                if let last, last < now { print(last) } else { lock.withLock { lastSeen = now } }
            }
            """)
        XCTAssertEqual(a.count, 4)
        let c1 = DecisionFlow.decides(a[0], carriers: ["last"], second: a[1], s)!
        XCTAssertTrue(DecisionFlow.runsWhereBoundValueTested(c1, second: a[1], s))
        // Bound but not tested further; or the second is on the other path.
        let c2 = DecisionFlow.decides(a[0], carriers: ["last"], second: a[2], s)!
        XCTAssertFalse(DecisionFlow.runsWhereBoundValueTested(c2, second: a[2], s))
        if let c3 = DecisionFlow.decides(a[0], carriers: ["last"], second: a[3], s) {
            XCTAssertFalse(DecisionFlow.runsWhereBoundValueTested(c3, second: a[3], s))
        }
    }

    func testAGuardThatLeavesDecides() {
        let (s, a) = acquisitions("""
            func f() -> Bool {
                let current = phase.withLock { $0 }
                guard current == .idle else { return false }
                phase.withLock { $0 = .running }
                return true
            }
            """)
        XCTAssertNotNil(DecisionFlow.decides(a[0], carriers: ["current"], second: a[1], s))
        XCTAssertNil(DecisionFlow.decides(a[0], carriers: ["other"], second: a[1], s))
    }

    func testLocalsMadeFromACarrierCarryIt() {
        let (s, a) = acquisitions("""
            func f() {
                let id = lock.withLock { next }
                let plus = id + 1
                let later = { id }()
                lock.withLock { next = plus }
            }
            """)
        let flowing = DecisionFlow.derived(from: ["id": ["next"]], between: a[0].end, and: a[1].acquireToken, s)
        XCTAssertEqual(flowing["plus"], ["next"])
        XCTAssertNil(flowing["later"], "not through a closure")
        let write = (name: "next", token: a[1].start + 1, value: a[1].start + 3)
        XCTAssertEqual(s.text(write.token), "next")
        XCTAssertNotNil(DecisionFlow.usedInside(a[1], by: write, ["plus"], s))
        XCTAssertNil(DecisionFlow.usedInside(a[1], by: write, ["later"], s))
    }

    func testALocalAssignedInsideTheClosureCarriesWhatItRead() {
        let (s, a) = acquisitions("""
            func f() {
                var seen = 0
                lock.withLock { seen = failures; other = failures }
                if seen > 5 { lock.withLock { failures = 0 } }
            }
            """)
        XCTAssertEqual(a.count, 2)
        let carriers = DecisionFlow.decisionCarriers(a[0], checked: ["failures"], s)
        XCTAssertEqual(carriers["seen"], ["failures"])
        XCTAssertNil(carriers["other"], "not a local of the body")
        XCTAssertNotNil(DecisionFlow.decides(a[0], carriers: Set(carriers.keys), second: a[1], s))
    }

    func testASwitchOverTheReadAndAnElseBranchDecide() {
        let (s, a) = acquisitions("""
            func f(_ event: Int) {
                let seen = lock.withLock { phase }
                switch seen {
                case .idle: lock.withLock { phase = .running }
                default: break
                }
                switch event {
                case 0: lock.withLock { phase = .idle }
                default: break
                }
                if seen == .idle { log() } else { lock.withLock { phase = .idle } }
                switch handler(seen) {
                case 1: lock.withLock { phase = .idle }
                default: break
                }
            }
            """)
        XCTAssertEqual(a.count, 5)
        XCTAssertNotNil(DecisionFlow.decides(a[0], carriers: ["seen"], second: a[1], s))
        XCTAssertNil(DecisionFlow.decides(a[0], carriers: ["seen"], second: a[2], s), "a switch over another value")
        XCTAssertNotNil(DecisionFlow.decides(a[0], carriers: ["seen"], second: a[3], s))
        XCTAssertNil(DecisionFlow.decides(a[0], carriers: ["other"], second: a[3], s))
        XCTAssertNil(DecisionFlow.decides(a[0], carriers: ["seen"], second: a[4], s), "what a call makes of it")
    }

    func testAWriteMadeFromAValueFoundPresentActsOnIt() {
        let (s, a) = acquisitions("""
            func f(_ k: String) {
                if let old = lock.withLock({ table[k] }) {
                    lock.withLock { table[k] = old + 1 }
                    lock.withLock { table[k] = 0 }
                }
                if let hit = lock.withLock({ table[k] }) { return }
                lock.withLock { table[k] = hit }
            }
            """)
        XCTAssertEqual(a.count, 5)
        func value(_ second: LockAcquisition) -> Int {
            s.span(second.start, second.end).first { s.isChar($0, UInt8(ascii: "=")) }! + 1
        }
        let condition = DecisionFlow.decides(a[0], carriers: [], second: a[1], s)!
        XCTAssertTrue(DecisionFlow.writesFromBoundValue(condition, second: a[1], value: value(a[1]), s))
        XCTAssertFalse(DecisionFlow.writesFromBoundValue(condition, second: a[2], value: value(a[2]), s), "not made from it")
        // Written after an `if let` that leaves: the value was found absent.
        let absent = DecisionFlow.decides(a[3], carriers: [], second: a[4], s)!
        XCTAssertFalse(DecisionFlow.writesFromBoundValue(absent, second: a[4], value: value(a[4]), s))
    }

    func testALatchStoresOneValueEverywhere() {
        func latch(_ code: String) -> Bool {
            let s = FileStructure(file: SourceFile(path: "S.swift", text: code))
            let value = s.code.indices.first { s.text($0) == "closed" && s.isChar($0 + 1, UInt8(ascii: "=")) }! + 2
            return DecisionFlow.isLatch("closed", value: value, s)
        }
        XCTAssertTrue(latch("func a() { closed = true }\nfunc b() { closed = true }"))
        XCTAssertFalse(latch("func a() { closed = true }\nfunc b() { closed = false }"))
    }

    func testAFixedValueSetAfterAReadIsAClaim() {
        let (s, a) = acquisitions("""
            final class Gate {
            let lock = NSLock()
            var busy = false
            var failures = 0
            var total = 0
            var ready = false
            func f() {
                let mine = lock.withLock { () -> Bool in
                    if busy { return false }
                    busy = true
                    return true
                }
                let count = lock.withLock { () -> Int in
                    failures += 1
                    return failures
                }
                let seen = lock.withLock { () -> Bool in
                    total = total + 1
                    return ready
                }
            }
            }
            """)
        var state = CriticalSectionState(s)
        XCTAssertEqual(CriticalSectionState.claims(state.accesses(in: a[0].region!, s), s), ["busy"])
        // Counted up, or set from what was read: not a claim.
        XCTAssertEqual(CriticalSectionState.claims(state.accesses(in: a[1].region!, s), s), [])
        XCTAssertEqual(CriticalSectionState.claims(state.accesses(in: a[2].region!, s), s), [])
    }
}
