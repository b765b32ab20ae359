import Foundation

/// A bare call names the local function declared around it, not the member of that name.
final class PlayerClient {
    private let queue = DispatchQueue(label: "player.client")

    func getDouble(_ name: String) -> Double {
        queue.sync { raw(name) }
    }

    func getString(_ name: String) -> String {
        queue.sync { "\(raw(name))" }  // expect: queue_sync_reentrancy
    }

    func getInt(_ name: String) -> Int {
        queue.sync { Int(raw(name)) }
    }

    private func raw(_ name: String) -> Double { 0 }

    /// Declared in the closure that runs on the queue: no sync.
    func debugValues() -> [String: Double] {
        queue.sync {
            func getDouble(_ name: String) -> Double { raw(name) }
            return ["rate": getDouble("rate")]
        }
    }

    /// Declared in the method, around the closure.
    func counters() -> [Int] {
        func getInt(_ name: String) -> Int { Int(raw(name)) }
        return queue.sync { [getInt("dropped")] }
    }

    /// A local function of another method hides nothing here.
    func title() -> String {
        queue.sync {
            getString("title")
        }
    }

    func other() {
        func getString(_ name: String) -> String { name }
        print(getString("x"))
    }
}
