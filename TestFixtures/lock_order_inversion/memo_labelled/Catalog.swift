import Foundation

// The closure reaches the owner's lock through a method of the owner (a wrapper in between),
// and the owner clears the dictionary inside lock() … unlock().
final class Catalog: @unchecked Sendable {
    private let lock = NSLock()
    private let prices = LockedDictionary<String, Double>()
    private var table: [String: Double] = [:]

    func update(_ newTable: [String: Double]) {
        lock.lock()
        table = newTable
        prices.reset()
        lock.unlock()
    }

    func price(of item: String) -> Double {
        prices.value(forKey: item, orInsert: { self.lookup(item) }, onMiss: {})
    }

    private func lookup(_ item: String) -> Double {
        lock.withLock { table[item] ?? 0 } // expect: lock_order_inversion
    }

    // The other closure parameter runs under the dictionary's lock too, but takes no lock: quiet.
    func cheapPrice(of item: String) -> Double {
        prices.value(forKey: item, orInsert: { 1.0 }, onMiss: { print(item) })
    }
}
