import Foundation

// Module `Cart` declares a class of the same name: another class, with no guard at all.
final class Cache: @unchecked Sendable { // expect: unchecked_sendable_unguarded
    private var items: [String] = []

    func refill() {
        items = []
    }
}

// Its calls through a reference typed `Cache` are calls of this module's class, not of the
// namesake in `Store`: they do not make `Store`'s `refill()` a member entered without its lock.
final class Checkout {
    let cache: Cache

    init(cache: Cache) { self.cache = cache }

    func restart() {
        cache.refill()
    }
}
