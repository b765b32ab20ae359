import Foundation

// A third: a queue block that maps with an unowned capture, through a wrapper.
final class Cache {
    private let queue = DispatchQueue(label: "cache")
    private var sizes: [String: Int] = [:]

    private func onQueue(_ work: @escaping () -> Void) {
        queue.async(execute: work)
    }

    func record(_ files: [String]) {
        onQueue {
            let total = files.map { [unowned self] f in self.sizes[f, default: 0] }.reduce(0, +)
            print(total)
        }
    }

    func set(_ f: String, _ n: Int) {
        onQueue { self.sizes[f] = n }
    }

    // Fires: a task runs later, off the queue.
    func clear() {
        Task { [weak self] in
            self?.sizes.removeAll() // expect: inconsistent_locking
        }
    }
}
