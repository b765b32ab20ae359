import Foundation

// The class's own helper named `async` sends the closure it is given to its serial queue: the
// closures handed to it run there. Fires only for the write that bypasses the queue.
final class Orderer<T> {
    private let queue = DispatchQueue(label: "orderer")
    private var items: [T] = []
    private var active = false

    private func async(_ execute: @escaping () -> Void) {
        queue.async(execute: execute)
    }

    func add(_ item: T) {
        async {
            self.items.append(item)
        }
    }

    func start() {
        async {
            self.active = true
        }
    }

    func waitToStop() {
        queue.sync {
            self.active = false
        }
    }

    func reset() {
        active = false // expect: inconsistent_locking
    }
}

// A signature's `async` before its body is not a call of a helper named `async`.
final class Loader {
    private let queue = DispatchQueue(label: "loader")
    private var loaded = 0

    func load() async {
        queue.async { self.loaded += 1 }
    }

    func count() -> Int {
        queue.sync { loaded }
    }
}
