import Foundation

final class Store: @unchecked Sendable {
    private let queue = DispatchQueue(label: "store")
    private let other: DispatchQueue
    private var items: [String] = []

    init() {
        other = DispatchQueue(label: "other")
    }

    var count: Int {
        queue.sync { items.count } // expect: queue_sync_reentrancy
    }

    func snapshot() -> [String] {
        queue.sync { items }
    }

    func add(_ s: String) {
        queue.async {
            self.items.append(s)
            let n = self.queue.sync { self.items.count } // expect: queue_sync_reentrancy
            print(n)
        }
    }

    func trim() {
        queue.sync {
            if count > 100 {
                items.removeFirst()
            }
        }
    }

    func later() {
        queue.asyncAfter(deadline: .now() + 1) {
            self.items.forEach { item in
                self.queue.sync(execute: { print(item) }) // expect: queue_sync_reentrancy
            }
        }
    }

    func throughOtherSync() {
        queue.async {
            self.other.sync {
                self.queue.sync { } // expect: queue_sync_reentrancy
            }
        }
    }

    func waitForIt() {
        queue.sync {
            self.flush()
        }
    }

    private func flush() {
        persist()
    }

    private func persist() {
        queue.asyncAndWait { self.items.removeAll() } // expect: queue_sync_reentrancy
    }
}

extension Store {
    func fromExtension() {
        queue.async(execute: {
            self.queue.sync { } // expect: queue_sync_reentrancy
        })
    }
}

func localQueue() {
    let q = DispatchQueue(label: "local")
    q.async {
        q.sync { print("never") } // expect: queue_sync_reentrancy
    }
}

func parameterQueue(_ q: DispatchQueue) {
    q.sync {
        q.sync { } // expect: queue_sync_reentrancy
    }
}

/// Through a wait on the main queue: the inner code runs on the main thread while the block on
/// the queue waits for it (the same deadlock, said as a cycle, not as "already on the queue").
func throughTheMainQueue() {
    let first = DispatchQueue(label: "first")
    let second = DispatchQueue(label: "second")
    first.async {
        second.sync {
            DispatchQueue.main.sync {
                first.sync { } // expect: queue_sync_reentrancy
            }
        }
    }
}

extension Store {
    func mainHopOfTheStore() {
        queue.asyncAfter(deadline: .now() + 1) {
            DispatchQueue.main.sync(execute: {
                self.queue.sync { print("stuck") } // expect: queue_sync_reentrancy
            })
        }
    }

    func mainAsyncIsNoWait() {
        queue.async {
            DispatchQueue.main.async {
                self.queue.sync { print("fine") }
            }
        }
    }
}
