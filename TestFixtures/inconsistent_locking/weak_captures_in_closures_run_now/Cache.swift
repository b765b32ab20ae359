import Foundation

// A third: a queue block, through a wrapper, that drains an autorelease pool with an unowned
// capture; and a future's `map`, which keeps its weakly capturing closure for later.
final class Cache {
    private let queue = DispatchQueue(label: "cache")
    private var sizes: [String: Int] = [:]

    private func onQueue(_ work: @escaping () -> Void) {
        queue.async(execute: work)
    }

    func record(_ files: [String]) {
        onQueue {
            autoreleasepool { [unowned self] in
                print(files.map { self.sizes[$0, default: 0] }.reduce(0, +))
            }
        }
    }

    func set(_ f: String, _ n: Int) {
        onQueue { self.sizes[f] = n }
    }

    // Fires: the future runs its `map` closure when it completes, off the queue.
    func refresh(_ pending: Future<Int>) {
        onQueue {
            _ = pending.map { [weak self] n in
                self?.sizes["all"] = n // expect: inconsistent_locking
            }
        }
    }

    // Fires: a task runs later, off the queue.
    func clear() {
        Task { [weak self] in
            self?.sizes.removeAll() // expect: inconsistent_locking
        }
    }
}

final class Future<T> {
    func map<U>(_ transform: @escaping (T) -> U) -> Future<U> { Future<U>() }
}
