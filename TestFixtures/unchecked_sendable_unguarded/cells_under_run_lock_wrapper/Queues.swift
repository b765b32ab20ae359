import Foundation

/// A linked queue whose nested node class is reached only inside `lock.synchronized { }` (the
/// module's own lock type, declared in another file) and in a helper every such block calls:
/// the nodes are guarded by the queue's lock.
public final class LinkedQueue<A>: @unchecked Sendable {
    final class Node<T>: @unchecked Sendable {
        var item: T?
        var next: Node<T>?
        init(_ item: T?) { self.item = item }
    }

    var producer: Node<A>
    var consumer: Node<A>
    let lock: Latch = .init()
    var count = 0

    public init() {
        producer = Node(nil)
        consumer = producer
    }

    public func enqueue(_ item: A) {
        self.lock.synchronized {
            let next = Node(item)
            self.producer.next = next
            self.producer = next
            self.count += 1
        }
    }

    public func dequeue() -> A? {
        self.lock.synchronized { self.take() }
    }

    // Expects the caller to hold the lock.
    func take() -> A? {
        guard count > 0, let next = consumer.next else { return nil }
        let res = next.item
        next.item = nil
        consumer.next = nil
        consumer = next
        count -= 1
        return res
    }
}

/// Near miss: the same shape, and one read of a cell's element made without the lock.
public final class LeakyQueue<A>: @unchecked Sendable {
    final class Cell: @unchecked Sendable { // expect: unchecked_sendable_unguarded
        var element: A?
        var link: Cell?
        init(_ element: A?) { self.element = element }
    }

    var tail: Cell
    var head: Cell
    let lock = Latch()

    public init() {
        tail = Cell(nil)
        head = tail
    }

    public func push(_ item: A) {
        lock.synchronized {
            let c = Cell(item)
            tail.link = c
            tail = c
        }
    }

    public func peek() -> A? {
        lock.synchronized { head }.link?.element
    }
}
