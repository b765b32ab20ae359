import Foundation

enum RelayInput {
    case value(Any)
    case both(Int, String)
}

// Names bound by case patterns are locals: inside their case they are not the stored properties.
final class Relay: @unchecked Sendable {
    private let lock = NSLock()
    private var latest: String?
    private var total: Int = 0

    // Quiet: the case bindings are handed to the lock.
    func accept(_ input: RelayInput) {
        switch input {
        case let .value(latest as String):
            lock.withLock { self.latest = latest }
        case .both(let total, let latest):
            lock.withLock { self.total = total; self.latest = latest }
        default:
            break
        }
    }

    // Fires: in a case that binds nothing, `total` is the property.
    func tally(_ input: RelayInput) {
        switch input {
        case let .value(latest as String):
            lock.withLock { self.latest = latest }
        default:
            print(total) // expect: unchecked_sendable_unguarded
        }
    }

    func read() -> (String?, Int) { lock.withLock { (latest, total) } }
}
