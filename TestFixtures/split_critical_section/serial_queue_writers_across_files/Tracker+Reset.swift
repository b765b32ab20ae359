import Foundation

struct Box<Value> {
    private let lock = NSLock()
    private var value: Value
    init(_ value: Value) { self.value = value }
    mutating func withLock<T>(_ body: (inout Value) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}

extension Tracker {
    func reset() {
        spans.withLock { $0.removeAll() }
    }
}
