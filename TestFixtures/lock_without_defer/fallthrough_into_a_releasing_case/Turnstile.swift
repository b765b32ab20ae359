import Foundation

// A third shape: a free-function lock on a pointer, in a protocol extension, the case that
// falls through binding a value first.
enum Ticket { case valid(Int), expired(Int), unknown }

protocol Gated: AnyObject {
    var mutex: UnsafeMutablePointer<pthread_mutex_t> { get }
    func admit(_ n: Int)
}

extension Gated {
    func check(_ ticket: Ticket) -> Bool {
        pthread_mutex_lock(mutex)
        switch ticket {
        case .valid(let n):
            admit(n)
            pthread_mutex_unlock(mutex)
            return true
        case .expired(let n):
            print("expired", n)
            fallthrough
        case .unknown:
            pthread_mutex_unlock(mutex)
            return false
        }
    }

    // Fires: the case falls through into one that leaves without releasing.
    func recheck(_ ticket: Ticket) -> Bool {
        pthread_mutex_lock(mutex) // expect: lock_without_defer
        switch ticket {
        case .valid:
            pthread_mutex_unlock(mutex)
            return true
        case .expired:
            fallthrough
        case .unknown:
            return false
        }
    }
}
