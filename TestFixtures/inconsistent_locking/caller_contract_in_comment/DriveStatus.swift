import Foundation

// A subscript's get and set run with what its caller holds: the callers (in another file)
// take the class's queue through their reference to it, as its comment asks.
final class DriveStatus {
    let syncQueue = DispatchQueue(label: "drive.status")
    private var statuses: [String: Int]? = nil

    func start(users: [String]) {
        syncQueue.sync {
            var all: [String: Int] = [:]
            for u in users { all[u] = 0 }
            statuses = all
        }
    }

    /** - Important: Call the subscript on syncQueue, or you might get races. */
    subscript(_ user: String) -> Int {
        get { statuses?[user] ?? 0 }
        set {
            if statuses == nil { statuses = [:] }
            statuses![user] = newValue
        }
    }

    /// Only from `syncQueue`: the count of users seen so far.
    func seen() -> Int { statuses?.count ?? 0 }

    /// The statuses, copied on syncQueue.
    func snapshot() -> [String: Int] { syncQueue.sync { statuses ?? [:] } }

    /// The first user.
    func first() -> String? { syncQueue.sync { statuses?.keys.first } }
}
