import CoreData
import Foundation

// A closure handed to a stored object's own method (a Core Data context's perform, a worker's
// enqueue) may run on that object's serial executor. The tool cannot see it, so the accesses
// there are neither guarded nor unguarded, and so are the helpers that only such blocks call.
final class LogStore: @unchecked Sendable {
    private let context: NSManagedObjectContext
    private let timerQueue = DispatchQueue(label: "log.timer")
    private var entriesCache: [String: Int] = [:]
    private var isSaveScheduled = false
    private var lastError: String?
    private var ticks = 0
    var pending: [String] = []
    /// Not thread-safe: change it at app launch, before the first record.
    var maximumAge: TimeInterval = 3600

    init(context: NSManagedObjectContext) { self.context = context }

    // Shape 1: the context's own method, with a helper only it calls.
    func record(_ key: String) {
        context.perform {
            self.store(key)
            self.scheduleSave()
        }
    }

    private func store(_ key: String) {
        entriesCache[key, default: 0] += 1
    }

    private func scheduleSave() {
        guard !isSaveScheduled else { return }
        isSaveScheduled = true
        timerQueue.asyncAfter(deadline: .now() + 1) { [weak self] in
            self?.flush()
        }
    }

    private func flush() {
        context.perform { [weak self] in
            guard let self else { return }
            if self.isSaveScheduled { self.isSaveScheduled = false }
        }
    }

    // Shape 2: the class's own wrapper that runs its closure on the context.
    func perform(_ changes: @escaping (NSManagedObjectContext) -> Void) {
        context.performAndWait {
            changes(self.context)
        }
    }

    func removeAll() {
        perform { _ in self.clearPending() }
    }

    // Shape 3: another instance's context, and a helper only its block calls.
    func export(to url: URL) {
        let target = LogStore(context: NSManagedObjectContext(concurrencyType: .privateQueueConcurrencyType))
        target.context.performAndWait {
            target.compact()
        }
    }

    private func compact() {
        entriesCache.removeAll()
    }

    // A var whose comment states a setup-only contract: the author's word, not reported.
    func isExpired(_ age: TimeInterval) -> Bool { age > maximumAge }

    // What fires: written on the class's queue in one place, from a new task in another.
    func fail(_ message: String) {
        timerQueue.async { self.lastError = message }
    }

    func reset() {
        Task { self.lastError = nil } // expect: unchecked_sendable_unguarded
    }

    // What fires: never in a block at all, while the class has a queue.
    func tick() {
        ticks += 1 // expect: unchecked_sendable_unguarded
    }
}
