import Foundation

// A nested function whose only calls sit in a barrier block that runs later: its body runs
// in that block, on the queue, whatever the method around it does when it returns.
final class Enqueuer: @unchecked Sendable {
    private let access = DispatchQueue(label: "enqueuer", attributes: .concurrent)
    private var pending: [String: Int] = [:]
    private var total = 0

    func enqueue(_ keys: [String]) {
        access.async(flags: .barrier) {
            let made = keys.compactMap { make($0) }
            print(made.count)
        }

        func make(_ key: String) -> Int? {
            guard pending[key] == nil else { return nil }
            total += 1
            pending[key] = total
            return total
        }
    }

    // Fires: the nested function is also called from a task, where nothing holds the queue.
    func enqueueLater(_ key: String) {
        access.async(flags: .barrier) { bump() }
        Task { bump() }

        func bump() {
            total += 1 // expect: unchecked_sendable_unguarded
        }
    }

    var count: Int { access.sync { total } }
    func has(_ key: String) -> Bool { access.sync { pending[key] != nil } }
}
