import Foundation

protocol NameSink: AnyObject {
    func bind(_ source: @escaping () -> String)
}

// The class's own wrapper method runs the closure under its lock; the method handed to the sink
// through a protocol takes the lock through that wrapper on its slow path, so whoever calls it
// holds no lock of the class, and the fast path reads with nothing held.
final class Label {
    private let lock = NSLock()
    private var text: String?
    private var cache: [String: String] = [:]

    init(sink: NameSink) {
        sink.bind(self.display)
    }

    private func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }

    private func display() -> String {
        if let t = self.text { // expect: inconsistent_locking
            return t
        }
        return locked {
            if let t = text { return t }
            let t = "label"
            text = t
            return t
        }
    }

    // Near-miss: the read is inside the wrapper too.
    func lookup(_ key: String, sink: NameSink) {
        sink.bind(self.find)
    }

    private func find() -> String {
        locked {
            if let v = cache["k"] { return v }
            cache["k"] = "v"
            return "v"
        }
    }
}

// Near-miss: the class guards other state with a serial queue too: a caller of the handed-out
// method may be running on it.
final class QueuedLabel {
    private let lock = NSLock()
    private let queue = DispatchQueue(label: "label")
    private var text: String?
    private var hits = 0

    init(sink: NameSink) {
        sink.bind(self.display)
    }

    private func display() -> String {
        if let t = text { return t }
        return lock.withLock {
            if let t = text { return t }
            text = "label"
            return "label"
        }
    }

    func hit() { queue.async { self.hits += 1 } }
}
