import Foundation

// A third: a lock taken in a dispatched block, the nested function declared in another
// nested function and called under it; and one named as a value, which may run anywhere.
final class Downloads: @unchecked Sendable {
    private let lock = NSLock()
    private var progress: [Int: Double] = [:]

    func update(_ id: Int, _ value: Double) {
        func record() {
            func store() { progress[id] = value }
            store()
        }
        DispatchQueue.global().async {
            self.lock.lock()
            record()
            self.lock.unlock()
        }
    }

    // Fires: the nested function is handed on as a value.
    func resetLater(_ id: Int) {
        func wipe() {
            progress[id] = nil // expect: unchecked_sendable_unguarded
        }
        DispatchQueue.global().async {
            self.lock.withLock { wipe() }
        }
        DispatchQueue.global().async(execute: wipe)
    }

    func value(_ id: Int) -> Double? { lock.withLock { progress[id] } }
}
