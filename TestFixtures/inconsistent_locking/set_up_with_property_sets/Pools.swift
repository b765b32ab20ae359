import Foundation

// A factory in between: the pool is configured through a property and a method, then handed on.
final class Pool {
    private let queue = DispatchQueue(label: "pool")
    private var slots: [Int] = []
    var capacity = 0

    func fill() {
        slots = Array(repeating: 0, count: capacity)
    }

    func take() -> Int? {
        queue.sync { slots.popLast() }
    }
}

enum Pools {
    static func make(_ n: Int) -> Pool {
        let pool = Pool()
        pool.capacity = n
        pool.fill()
        return pool
    }
}
