import XCTest
@testable import LockLintCore

/// Which stored state each member of a type reads and writes, through the members it calls
/// (`MemberState`), on small sources.
final class MemberStateTests: XCTestCase {
    func touches(_ code: String, _ member: String) -> MemberState.Touches?? {
        let s = FileStructure(file: SourceFile(path: "S.swift", text: code))
        let all = MemberState.touches(s, regions: LockRegions(s, vocabulary: .default).regions)
        guard let d = s.decls.indices.first(where: { s.decls[$0].nameText == member && s.decls[$0].kind != .accessor }) else { return nil }
        return all[d]
    }

    func testALockIsNotStateAndAHelperChainIsFollowed() {
        let code = """
            final class C {
                private let lock = NSLock()
                private var level = 0
                private var log: [Int] = []
                var current: Int { lock.withLock { level } }
                func record(_ x: Int) { lock.withLock { log.append(x) } }
                func drain(_ x: Int) { step(x) }
                private func step(_ x: Int) { more(x) }
                private func more(_ x: Int) { lock.lock(); level -= x; lock.unlock(); step(0) }
            }
            """
        XCTAssertEqual(touches(code, "current"), MemberState.Touches(reads: ["level"], writes: []))
        XCTAssertEqual(touches(code, "record"), MemberState.Touches(reads: ["log"], writes: ["log"]))
        // Through two helpers that call each other: the level is written.
        XCTAssertEqual(touches(code, "drain"), MemberState.Touches(reads: ["level"], writes: ["level"]))
    }

    func testABoxHandsOverItsValueAndAnUnseenSelfCallIsUnknown() {
        let code = """
            final class C {
                private let phase = Box(0)
                private let routes = Box([Int]())
                private let counter = Counter()
                var now: Int { phase.withLockedValue { $0 } }
                func add(_ r: Int) { _ = counter.increment(); routes.withLockedValue { $0 = [r] } }
                func reset() { self.elsewhere() }
            }
            """
        XCTAssertEqual(touches(code, "now"), MemberState.Touches(reads: ["phase"], writes: []))
        // Not the phase: the routes box and the counter object.
        XCTAssertEqual(touches(code, "add"), MemberState.Touches(reads: ["counter"], writes: ["counter", "routes"]))
        // A method of the type this file does not show: cannot tell.
        XCTAssertEqual(touches(code, "reset"), .some(nil))
    }

    func testAValueHandedInoutIsWrittenButALockHandedToItsFunctionIsNot() {
        let code = """
            final class Box<V> {
                private var mutex = pthread_mutex_t()
                private var value: V
                init(_ v: V) { value = v }
                func update(_ body: (inout V) -> Void) { pthread_mutex_lock(&mutex); body(&value); pthread_mutex_unlock(&mutex) }
                func peek(_ body: (V) -> Void) { pthread_mutex_lock(&mutex); body(value); pthread_mutex_unlock(&mutex) }
            }
            """
        XCTAssertEqual(touches(code, "update"), MemberState.Touches(reads: ["value"], writes: ["value"]))
        XCTAssertEqual(touches(code, "peek"), MemberState.Touches(reads: ["value"], writes: []))
    }
}
