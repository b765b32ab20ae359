import XCTest
@testable import LockLintCore

/// The engine's answer to "can two calls of this async function overlap, as far as the run
/// shows?": where each awaited call sits, and whether they all run on one stored object's executor.
final class SerialCallSitesTests: XCTestCase {
    func structure(_ code: String) -> FileStructure { FileStructure(file: SourceFile(path: "S.swift", text: code)) }

    func testABlockOfAStoredObjectIsAnExecutorAndATaskIsNot() {
        let sites = SerialCallSites.extract(structure("""
            actor A {
                let queue = DispatchQueue(label: "q")
                let jobs = AsyncQueue<Serial>()
                let pool = DispatchQueue.global()
                func a() { jobs.async { await self.send() } }
                func b() { Task { await self.other() } }
                func c() { pool.async { Task { await self.third() } } }
                func d() async { [1].forEach { _ in }; await helper() }
            }
            """))
        XCTAssertEqual(sites["send"], ["e:A.jobs|AsyncQueue"])
        XCTAssertEqual(sites["other"], ["u"])
        XCTAssertEqual(sites["third"], ["u"])
        XCTAssertEqual(sites["helper"], ["f:d"])
    }

    func testAConcurrentOrGlobalQueueIsNoExecutor() {
        let sites = SerialCallSites.extract(structure("""
            final class C {
                let serial = DispatchQueue(label: "s")
                let concurrent = DispatchQueue(label: "c", attributes: .concurrent)
                let local = 0
                func a() {
                    serial.async { _ = self.inSerial() }
                    concurrent.async { Task { await self.inConcurrent() } }
                }
                func b() async { _ = await serial.sync { await self.x() } }
            }
            """))
        XCTAssertEqual(sites["x"], ["e:C.serial|q"])
        XCTAssertEqual(sites["inConcurrent"], ["u"])
    }

    func testEveryCallOnOneExecutorThroughHelpers() {
        let run: [String: [String]] = [
            "send": ["e:A.jobs|"],
            "helper": ["f:send"],
            "mixed": ["e:A.jobs|", "u"],
            "twoQueues": ["e:A.jobs|", "e:A.other|"],
            "viaMixed": ["f:mixed"],
            "onParallel": ["e:A.runner|Runner"],
            "onSerialType": ["e:A.serial|SerialQueue"],
            "loop": ["f:loop"],
        ]
        let serialTypes: [String: Bool] = ["Runner": false, "SerialQueue": true]
        func executor(_ name: String) -> String? {
            SerialCallSites.executor(ofCallsTo: name, sites: { run[$0] ?? [] }, serialType: { serialTypes[$0] })
        }
        XCTAssertEqual(executor("send"), "A.jobs")
        XCTAssertEqual(executor("helper"), "A.jobs")
        XCTAssertEqual(executor("onSerialType"), "A.serial")
        XCTAssertNil(executor("mixed"))
        XCTAssertNil(executor("twoQueues"))
        XCTAssertNil(executor("viaMixed"))
        XCTAssertNil(executor("onParallel"))
        XCTAssertNil(executor("loop"))
        XCTAssertNil(executor("neverCalled"))
    }
}
