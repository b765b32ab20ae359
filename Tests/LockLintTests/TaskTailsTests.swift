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
}
