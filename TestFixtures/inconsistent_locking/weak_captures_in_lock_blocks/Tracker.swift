import Foundation

// Every write runs in a block on the serial 'tracking' queue, inside the lock's write closure;
// a closure the lock runs is run during the call, whatever it captures weakly, so those writes
// are on the queue too. A read in a block on that queue needs no lock; one off it does.
final class Tracker {
    private let tracking = DispatchQueue(label: "tracking")
    private let rw = ReadWriteLock()
    private var identity = ""

    func identify(_ v: String) {
        tracking.async { [weak self] in
            self?.rw.write { [weak self] in self?.identity = v }
        }
    }

    func reset() {
        tracking.async {
            self.rw.write { [weak self] in
                self?.identity = ""
            }
        }
    }

    func event(_ name: String) {
        tracking.async {
            print(name, self.identity)
        }
    }

    func current() -> String {
        rw.read { identity }
    }

    func peek() -> String {
        identity // expect: inconsistent_locking
    }
}
