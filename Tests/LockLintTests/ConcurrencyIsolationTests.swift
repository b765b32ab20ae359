import XCTest
@testable import LockLintCore

/// The engine's isolation question on its own: why the code at a token is part of Swift
/// concurrency (an async context, an actor, a global actor, an inherited main actor), or nil.
final class ConcurrencyIsolationTests: XCTestCase {
    func structure(_ code: String) -> FileStructure { FileStructure(file: SourceFile(path: "S.swift", text: code)) }
    func context(_ s: FileStructure) -> RuleContext { RuleContext(structure: s, vocabulary: .default, index: ProjectIndex()) }

    /// The code token index of the `n`th occurrence of `word`.
    func token(_ s: FileStructure, _ word: String, _ n: Int = 0) -> Int {
        s.code.indices.filter { s.text($0) == word }[n]
    }

    func isolation(_ s: FileStructure, at word: String) -> ConcurrencyIsolation? {
        ConcurrencyIsolation.of(s, at: token(s, word), context: context(s))
    }

    func testActorMembersAreIsolatedUnlessNonisolatedOrStatic() {
        let s = structure("""
            actor Store {
                func save() { saving() }
                nonisolated func peek() { peeking() }
                static func make() { making() }
            }
            """)
        guard case .actor(let type, let member)? = isolation(s, at: "saving") else { return XCTFail("an actor member") }
        XCTAssertEqual(s.decls[type].nameText, "Store")
        XCTAssertEqual(member.map { s.decls[$0].nameText }, "save")
        XCTAssertNil(isolation(s, at: "peeking"))
        XCTAssertNil(isolation(s, at: "making"))
    }

    func testGlobalActorWinsOverAsyncAndCallbacksEndTheSearch() {
        let s = structure("""
            @MainActor final class Model {
                func load() async { loading() }
            }
            func fetch() async {
                fetching()
                api.get { data in inCallback() }
            }
            func plain() { syncCode() }
            """)
        guard case .globalActor(let name, _, _)? = isolation(s, at: "loading") else { return XCTFail("main-actor code") }
        XCTAssertEqual(name, "MainActor")
        XCTAssertTrue(isolation(s, at: "loading")?.isMainActor ?? false)
        guard case .async(.function)? = isolation(s, at: "fetching") else { return XCTFail("an async function") }
        XCTAssertFalse(isolation(s, at: "fetching")?.isMainActor ?? true)
        XCTAssertNil(isolation(s, at: "inCallback"))
        XCTAssertNil(isolation(s, at: "syncCode"))
    }

    func testTasksInheritTheMainActorOrCarryTheirOwn() {
        let s = structure("""
            @MainActor func start() {
                Task { inherited() }
            }
            func other() {
                Task { @MainActor in marked() }
                Task { unisolated() }
            }
            """)
        guard case .inheritedMainActor? = isolation(s, at: "inherited") else { return XCTFail("inherits the main actor") }
        guard case .globalActorClosure(let name, _, _)? = isolation(s, at: "marked") else { return XCTFail("a @MainActor closure") }
        XCTAssertEqual(name, "MainActor")
        guard case .async(.task)? = isolation(s, at: "unisolated") else { return XCTFail("a task's body") }
    }

    /// A context whose run index holds the facts of every file given.
    func runContext(_ s: FileStructure, others: [String]) -> RuleContext {
        var index = ProjectIndex.facts(of: s, vocabulary: .default)
        for (n, text) in others.enumerated() {
            index.merge(ProjectIndex.facts(of: FileStructure(file: SourceFile(path: "O\(n).swift", text: text)), vocabulary: .default))
        }
        index.finish()
        return RuleContext(structure: s, vocabulary: .default, index: index)
    }

    /// `@MainActor` on one extension isolates that extension's members, not the type: a member of
    /// another, unmarked extension (in this file or another) is not main-actor code, and neither is
    /// a conformer of a protocol whose extension is marked. The type's own attribute isolates all.
    func testAMarkedExtensionIsolatesOnlyItsOwnMembers() {
        let s = structure("""
            final class Relay {}
            @MainActor extension Relay { func shown() { inMarked() } }
            extension Relay {
                func ping() { inUnmarked() }
                static func send() { Task { inTask() } }
            }
            extension Courier { func ring() { inCourier() } }
            final class Card: Flippable { func flip() { inConformer() } }
            extension Pane { func redraw() { inPane() } }
            """)
        let c = runContext(s, others: [
            "class Courier {}\n@MainActor extension Courier {}",
            "protocol Flippable {}\n@MainActor extension Flippable {}",
            "@MainActor final class Pane {}",
        ])
        XCTAssertTrue(ConcurrencyIsolation.of(s, at: token(s, "inMarked"), context: c)?.isMainActor ?? false)
        XCTAssertNil(ConcurrencyIsolation.of(s, at: token(s, "inUnmarked"), context: c))
        XCTAssertFalse(ConcurrencyIsolation.of(s, at: token(s, "inTask"), context: c)?.isMainActor ?? true)
        XCTAssertNil(ConcurrencyIsolation.of(s, at: token(s, "inCourier"), context: c))
        XCTAssertNil(ConcurrencyIsolation.of(s, at: token(s, "inConformer"), context: c))
        XCTAssertFalse(c.inheritsMainActor(superclass: "Courier"))
        XCTAssertFalse(c.inheritsMainActor(superclass: "Flippable"))
        // The type's own declaration does isolate it, across files.
        XCTAssertTrue(ConcurrencyIsolation.of(s, at: token(s, "inPane"), context: c)?.isMainActor ?? false)
        XCTAssertTrue(c.inheritsMainActor(superclass: "Pane"))
    }
}
