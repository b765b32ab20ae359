import XCTest
@testable import LockLintCore

/// Which stored properties hold code a type does not control, and what a held region does with
/// them (`CallbackReach`), on small sources.
final class CallbackReachTests: XCTestCase {
    func structure(_ code: String) -> FileStructure { FileStructure(file: SourceFile(path: "S.swift", text: code)) }

    /// The code token index of the `n`th occurrence of `word`.
    func token(_ s: FileStructure, _ word: String, _ n: Int = 0) -> Int {
        s.code.indices.filter { s.text($0) == word }[n]
    }

    func variable(_ s: FileStructure, _ name: String) -> Int {
        s.decls.indices.first { s.decls[$0].kind == .variable && s.decls[$0].nameText == name }!
    }

    func kind(_ code: String, _ name: String) -> String {
        let s = structure(code)
        let context = RuleContext(structure: s, vocabulary: .default, index: ProjectIndex())
        switch CallbackReach.callbackKind(s.decls[variable(s, name)], context) {
        case .closure?: return "closure"
        case .observer(let p)?: return "observer \(p)"
        case .closures?: return "closures"
        case .observers(let p)?: return "observers \(p)"
        case nil: return "none"
        }
    }

    func testStoredPropertiesThatCanCallBack() {
        let code = """
            protocol Listener: AnyObject { func changed() }
            final class Box {
                var onChange: ((Int) -> Void)?
                weak var delegate: BoxDelegate?
                private var listeners: [Listener] = []
                private var handlers: [UUID: () -> Void] = [:]
                var count: Int = 0
                let transform: (Int) -> Int = { $0 + 1 }
                var helper: Helper?
            }
            final class Helper {}
            """
        XCTAssertEqual(kind(code, "onChange"), "closure")
        XCTAssertEqual(kind(code, "delegate"), "observer BoxDelegate")
        XCTAssertEqual(kind(code, "listeners"), "observers Listener")
        XCTAssertEqual(kind(code, "handlers"), "closures")
        XCTAssertEqual(kind(code, "count"), "none")
        XCTAssertEqual(kind(code, "transform"), "none", "a closure written in the type is its own code")
        XCTAssertEqual(kind(code, "helper"), "none", "a class, not a protocol")
    }

    func testAStoredClosureThatOnlyHoldsTheTypesOwnCode() {
        let s = structure("""
            final class Own {
                private var action: (() -> Void)?
                init() { action = self.refresh }
                func refresh() {}
            }
            final class Handed {
                private var action: (() -> Void)?
                func set(_ a: @escaping () -> Void) { action = a }
            }
            final class Wrapped {
                private var action: (() -> Void)?
                func set(_ a: @escaping () -> Void) { action = { a() } }
            }
            """)
        let decls = s.decls.indices.filter { s.decls[$0].kind == .variable && s.decls[$0].nameText == "action" }
        XCTAssertTrue(CallbackReach.holdsOwnCode(s, decls[0]))
        XCTAssertFalse(CallbackReach.holdsOwnCode(s, decls[1]))
        XCTAssertFalse(CallbackReach.holdsOwnCode(s, decls[2]), "a closure that calls a parameter")
    }

    func testHeldStatementsThatOnlyCallOrPublishTheResult() {
        let s = structure("""
            final class C {
                let lock = NSLock()
                var handler: (Int) -> Int = { $0 }
                var value = 0
                func a() { lock.withLock { handler(1) } }
                func b() { lock.withLock { value += 1; handler(2) } }
                func c() { lock.withLock { value = handler(3) } }
                func d() { lock.withLock { print(handler(4)) } }
            }
            """)
        let regions = LockRegions(s, vocabulary: .default).regions.filter { $0.lock == "lock" }.sorted { $0.start < $1.start }
        XCTAssertEqual(regions.count, 4)
        func held(_ i: Int) -> (CallbackReach.HeldCode, Int) {
            (CallbackReach.heldCode(s, regions[i]), token(s, "handler", i + 1))
        }
        let (a, ka) = held(0)
        XCTAssertEqual(a.statements.count, 1)
        XCTAssertTrue(CallbackReach.isCallOnly(s, a.statements[0], property: ka))
        let (b, kb) = held(1)
        XCTAssertEqual(b.statements.count, 2)
        XCTAssertTrue(CallbackReach.isCallOnly(s, b.statements[1], property: kb), "the call alone, though not the only statement held")
        let (c, kc) = held(2)
        var writers: [Int: Bool] = [:]
        XCTAssertTrue(HeldPurpose.resultBecomesState(s, c.statements[0], call: kc, becomingState: HeldPurpose.namesBecomingState(s, regions[2], writers: &writers)))
        let (d, kd) = held(3)
        XCTAssertFalse(HeldPurpose.resultBecomesState(s, d.statements[0], call: kd, becomingState: HeldPurpose.namesBecomingState(s, regions[3], writers: &writers)))
        XCTAssertFalse(CallbackReach.isCallOnly(s, d.statements[0], property: kd), "the call's result is printed")
    }

    func testOwnCodeThatTakesTheLockAgain() {
        let s = structure("""
            final class P {
                let lock = NSLock()
                private var a: (() -> Void)?
                private var b: (() -> Void)?
                init() {
                    a = { [weak self] in self?.locked() }
                    b = { [weak self] in self?.plain() }
                }
                func locked() { lock.withLock { } }
                func plain() { print(1) }
            }
            """)
        let members = SelfCalls.collectMembers("P", s)
        let byName = Dictionary(grouping: members.indices, by: { members[$0].name })
        let regions = LockRegions(s, vocabulary: .default).regions.filter { $0.lock == "lock" }
        let a = CallbackReach.ownCodeSources(s, variable(s, "a"))!
        let b = CallbackReach.ownCodeSources(s, variable(s, "b"))!
        let hit = CallbackReach.ownCodeReentry(s, sources: a, members: members, byName: byName, acquisitions: regions)
        XCTAssertEqual(hit.flatMap { $0.member }.map { members[$0].name }, "locked")
        XCTAssertNil(CallbackReach.ownCodeReentry(s, sources: b, members: members, byName: byName, acquisitions: regions))
    }

    /// A protocol method that no implementation in the run can call back from before it returns
    /// is a dependency's, not a callback: implementations that store what they are given, hand it
    /// to a queue, or touch only values. One that calls a closure it holds or is given, a method
    /// of an object of a class of the run, or that has no implementation, can call back.
    func testImplementationsThatNeverCallBack() {
        let code = """
            protocol Store { func load() -> Int; func keep(_ f: @escaping () -> Void) }
            struct FileStore: Store {
                let path: String; let limit = 10
                func load() -> Int { 0 }
                func keep(_ f: @escaping () -> Void) { DispatchQueue.global().async { f() } }
            }
            final class MemoryStore { private let lock = NSLock(); private var value: [String: Int] = [:]; private var kept: (() -> Void)? }
            extension MemoryStore: Store {
                func load() -> Int { lock.withLock { value.count } }
                func keep(_ f: @escaping () -> Void) { lock.withLock { kept = f } }
            }
            protocol Sink { func put(_ v: Int); func run(_ f: () -> Void) }
            struct Quiet: Sink { func put(_ v: Int) {}; func run(_ f: () -> Void) { f() } }
            final class Forwarder: Sink { var next: ((Int) -> Void)?; func put(_ v: Int) { next?(v) }; func run(_ f: () -> Void) {} }
            protocol Watcher: AnyObject { func changed() }
            final class Screen: Watcher { let model = Model(); func changed() { model.refresh() } }
            final class Model { func refresh() {} }
            protocol Feed { func pull() }
            final class Remote: Feed { lazy var session = makeSession(); func pull() { fetch() }; private func fetch() {} }
            protocol Unused { func f() }
            """
        var index = ProjectIndex.facts(of: structure(code), vocabulary: .default)
        index.finish()
        let context = RuleContext(structure: structure(code), vocabulary: .default, index: index)
        XCTAssertTrue(context.implementationsNeverCallBack("Store", method: "load"))
        XCTAssertTrue(context.implementationsNeverCallBack("Store", method: "keep"))
        XCTAssertFalse(context.implementationsNeverCallBack("Sink", method: "put"))
        XCTAssertFalse(context.implementationsNeverCallBack("Sink", method: "run"))
        XCTAssertFalse(context.implementationsNeverCallBack("Watcher", method: "changed"))
        XCTAssertTrue(context.implementationsNeverCallBack("Feed", method: "pull"))
        XCTAssertFalse(context.implementationsNeverCallBack("Feed", method: "push"))
        XCTAssertFalse(context.implementationsNeverCallBack("Unused", method: "f"))
        // Only classes adopt it (it says so, or every implementation is one): a reference.
        XCTAssertTrue(context.isReferenceProtocol("Watcher"))
        XCTAssertTrue(context.isReferenceProtocol("Feed"))
        XCTAssertFalse(context.isReferenceProtocol("Sink"))
        XCTAssertFalse(context.isReferenceProtocol("Store"))
        XCTAssertFalse(context.isReferenceProtocol("Unused"))
    }
}
