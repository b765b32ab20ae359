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
        XCTAssertEqual(sites["send"], ["@A>e:A.jobs|AsyncQueue"])
        XCTAssertEqual(sites["other"], ["@A>u"])
        XCTAssertEqual(sites["third"], ["@A>u"])
        XCTAssertEqual(sites["helper"], ["@A>f:d"])
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
        XCTAssertEqual(sites["x"], ["@C>e:C.serial|q"])
        XCTAssertEqual(sites["inConcurrent"], ["@C>u"])
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

    func testALoopAndAClaimedFlagAreExecutors() {
        let sites = SerialCallSites.extract(structure("""
            actor A {
                var busy = false
                var other = false
                func a(_ s: AsyncStream<Int>) { Task { for await v in s { await self.inLoop(v) } } }
                func b() {
                    guard !busy else { return }
                    busy = true
                    Task { await self.gated(); await self.release() }
                }
                private func release() { busy = false }
                func c() async {
                    guard !self.other else { return }
                    self.other = true
                    defer { self.other = false }
                    await drained()
                }
                func d() async {
                    guard !other else { return }
                    await Task.yield()
                    other = true
                    await claimedLate()
                }
                func e(_ r: Runner) async { await r.outside() }
            }
            """))
        XCTAssertEqual(sites["inLoop"]?.count, 1)
        XCTAssertTrue(sites["inLoop"]?.first?.hasPrefix("@A>e:A.for-await@") ?? false)
        XCTAssertEqual(sites["gated"], ["@A>e:A.!busy|q"])
        XCTAssertEqual(sites["drained"], ["@A>e:A.!other|q"])
        XCTAssertEqual(sites["claimedLate"], ["@A>f:d"])
        XCTAssertEqual(sites["outside"], ["f:e"])
    }

    func testACallOnSelfInAnotherTypeIsOfThatTypesMethod() {
        let run: [String: [String]] = ["process": ["@A>e:A.!busy|q", "@B>u"], "step": ["@A>f:process"]]
        func executor(_ name: String, _ owner: String?) -> String? {
            SerialCallSites.executor(ofCallsTo: name, owner: owner, sites: { run[$0] ?? [] }, serialType: { _ in nil })
        }
        XCTAssertEqual(executor("process", "A"), "A.!busy")
        XCTAssertEqual(executor("step", "A"), "A.!busy")
        XCTAssertNil(executor("process", "B"))
        XCTAssertNil(executor("process", nil))
    }
}
