import Foundation

// One held region with several awaits: one finding, at the first await; the others are notes.
final class Importer: @unchecked Sendable {
    private let lock = NSLock()
    private var done = 0

    func importAll() async {
        lock.lock()
        defer { lock.unlock() }
        await step("a") // expect: await_in_lock
        await step("b")
        done += 1
        await step("c")
    }

    func importEach() async {
        lock.lock()
        await step("a") // expect: await_in_lock
        lock.unlock()
        lock.lock()
        await step("b") // expect: await_in_lock
        await step("c")
        lock.unlock()
    }

    func importQuiet() async {
        await step("a")
        lock.withLock { done += 1 }
        await step("b")
    }

    func step(_ name: String) async {}
}
