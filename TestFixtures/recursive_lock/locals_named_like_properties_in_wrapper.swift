import Synchronization

// A mutex whose closure hands the state in; a loop binding and a `let` in the closure named like
// the getter that takes the same mutex.
final class Roster: Sendable {
    private let names = Mutex<[String]>([])

    var member: String {
        names.withLock { $0.first ?? "" }
    }

    func merge(_ incoming: [String]) {
        names.withLock { list in
            for member in incoming where !list.contains(member) {
                list.append(member)
            }
            let member = incoming.last ?? ""
            list.append(member)
        }
    }

    func echo() {
        names.withLock { list in
            list.append(member) // expect: recursive_lock
        }
    }
}
