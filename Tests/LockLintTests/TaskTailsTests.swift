import XCTest
@testable import LockLintCore

/// The engine's task-tail questions on their own: whether a task is kept, whether a call is the
/// last thing a task or function body does, and whether an async function only ends unkept tasks.
final class TaskTailsTests: XCTestCase {
    func structure(_ code: String) -> FileStructure { FileStructure(file: SourceFile(path: "S.swift", text: code)) }
    func context(_ s: FileStructure) -> RuleContext { RuleContext(structure: s, vocabulary: .default, index: ProjectIndex()) }

    /// The code token index of the `n`th occurrence of `word`.
    func token(_ s: FileStructure, _ word: String, _ n: Int = 0) -> Int {
        s.code.indices.filter { s.text($0) == word }[n]
    }

    /// The closure whose callee is the `n`th `Task`.
    func task(_ s: FileStructure, _ n: Int) -> Int {
        let t = token(s, "Task", n)
        return s.closures.indices.first { s.closures[$0].callee == t }!
    }

    func testKeptTasksAreAssignedOrUsed() {
        let s = structure("""
            func start() {
                Task { await a() }
                _ = Task { await b() }
                loading = Task { await c() }
                Task { await d() }.cancel()
            }
            """)
        XCTAssertFalse(TaskTails.isRetained(s, task: task(s, 0)))
        XCTAssertFalse(TaskTails.isRetained(s, task: task(s, 1)))
        XCTAssertTrue(TaskTails.isRetained(s, task: task(s, 2)))
        XCTAssertTrue(TaskTails.isRetained(s, task: task(s, 3)))
    }

    func testTheLastThingOnEveryPath() {
        let s = structure("""
            func start() {
                Task {
                    do { try await load(); last() } catch { handled() }
                }
                Task {
                    notLast()
                    await more()
                }
            }
            """)
        XCTAssertTrue(TaskTails.endsTask(s, call: token(s, "last"), task: task(s, 0)))
        XCTAssertTrue(TaskTails.endsTask(s, call: token(s, "handled"), task: task(s, 0)))
        XCTAssertFalse(TaskTails.endsTask(s, call: token(s, "notLast"), task: task(s, 1)))
    }

    func testAnAsyncFunctionAwaitedOnlyAtTheEndOfUnkeptTasks() {
        let s = structure("""
            final class Loader {
                func start() { Task { await self.load() } }
                private func load() async { await fetch() }
                func again() { Task { await self.reload(); await after() } }
                private func reload() async { await fetch() }
            }
            """)
        let c = context(s)
        let uses = s.uses(of: ["load", "reload"])
        let load = s.decls.indices.first { s.decls[$0].nameText == "load" }!
        let reload = s.decls.indices.first { s.decls[$0].nameText == "reload" }!
        XCTAssertTrue(TaskTails.onlyEndsUnkeptTasks(s, function: load, uses: uses, context: c))
        XCTAssertFalse(TaskTails.onlyEndsUnkeptTasks(s, function: reload, uses: uses, context: c))
    }

    func testATaskOpeningASwitchCaseIsNotKept() {
        let s = structure("""
            func start(_ p: Int) {
                switch p {
                case 0: Task { await a() }
                case 1:
                    Task { await b() }
                default:
                    pending = Task { await c() }
                }
                let t: Task<Void, Never> = Task { await d() }
            }
            """)
        XCTAssertFalse(TaskTails.isRetained(s, task: task(s, 0)))
        XCTAssertFalse(TaskTails.isRetained(s, task: task(s, 1)))
        XCTAssertTrue(TaskTails.isRetained(s, task: task(s, 2)))
        XCTAssertTrue(TaskTails.isRetained(s, task: task(s, 4)))
    }

    func testWhatFollowsAHop() {
        let s = structure("""
            final class M {
                func a() async {
                    DispatchQueue.main.async { first() }
                    DispatchQueue.main.async { second() }
                }
                func b() async {
                    DispatchQueue.main.async { third() }
                    await MainActor.run { fourth() }
                    await other()
                }
                func c() async {
                    DispatchQueue.main.async { fifth() }
                    await other()
                }
                func d() async {
                    DispatchQueue.main.async { sixth() }
                    try await self.shown()
                }
                @MainActor func shown() async throws {}
                func other() async {}
            }
            """)
        let c = context(s)
        func tail(_ call: String, _ function: String) -> TaskTails.HopTail? {
            let m = token(s, call) - 2  // the hop's `async`, before `{`
            let f = s.decls.indices.first { s.decls[$0].nameText == function }!
            return TaskTails.hopTail(s, call: m, scope: s.decls[f].body, context: c)
        }
        XCTAssertEqual(tail("first", "a"), .beforeMainHops)
        XCTAssertEqual(tail("second", "a"), .last)
        XCTAssertEqual(tail("third", "b"), .beforeMainActorWait)
        XCTAssertNil(tail("fifth", "c"))
        XCTAssertEqual(tail("sixth", "d"), .beforeMainActorWait)
        // Without a context, only the last step counts.
        let a = s.decls.indices.first { s.decls[$0].nameText == "a" }!
        XCTAssertFalse(TaskTails.endsScope(s, call: token(s, "first") - 2, scope: s.decls[a].body))
    }

    func testAChainOfTailAwaitsDownToAnUnkeptTaskInAClosure() {
        let s = structure("""
            final class Feed {
                init(p: Publisher) {
                    c = p.sink { [weak self] _ in
                        Task { [weak self] in await self?.one() }
                    }
                }
                private func one() async { await two() }
                private func two() async { await three() }
                private func three() async { await fetch() }
                private func kept() async { await four() }
                private func four() async { await fetch() }
                func start() { t = Task { await kept() } }
            }
            """)
        let c = context(s)
        let uses = s.uses(of: ["one", "two", "three", "kept", "four"])
        let three = s.decls.indices.first { s.decls[$0].nameText == "three" }!
        let four = s.decls.indices.first { s.decls[$0].nameText == "four" }!
        XCTAssertTrue(TaskTails.onlyEndsUnkeptTasks(s, function: three, uses: uses, context: c))
        XCTAssertFalse(TaskTails.onlyEndsUnkeptTasks(s, function: four, uses: uses, context: c))
    }
}
