import CoreData

/// Another spelling: the closure parameter is itself handed to the context as its block
/// (`context.perform(body)`), on a context the type makes in its initializer.
final class Cache: @unchecked Sendable {
    private let context = NSManagedObjectContext(concurrencyType: .privateQueueConcurrencyType)

    func enqueue(_ body: @escaping () -> Void) {
        context.perform(body)
    }
}

/// The closure goes to a context the caller passes in: which queue runs it is the caller's
/// choice, so it guards nothing the tool can name.
final class Courier: @unchecked Sendable {
    func deliver(on context: NSManagedObjectContext, _ body: @escaping () -> Void) {
        context.perform(body)
    }
}

/// Quiet: `hits` is only touched in closures handed to `cache.enqueue`.
final class HitCounter: @unchecked Sendable {
    let cache = Cache()
    private var hits = 0

    func record() {
        cache.enqueue { self.hits += 1 }
    }

    func report(_ done: @escaping (Int) -> Void) {
        cache.enqueue { done(self.hits) }
    }
}

/// Fires: the same count, and the closures go through `Courier`, which runs them wherever its
/// caller says.
final class MissCounter: @unchecked Sendable { // expect: unchecked_sendable_unguarded
    let courier = Courier()
    let context: NSManagedObjectContext
    private var misses = 0

    init(context: NSManagedObjectContext) { self.context = context }

    func record() {
        courier.deliver(on: context) { self.misses += 1 }
    }

    func report(_ done: @escaping (Int) -> Void) {
        courier.deliver(on: context) { done(self.misses) }
    }
}
