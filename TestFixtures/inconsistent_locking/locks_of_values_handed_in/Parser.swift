import Foundation

final class Entry {
    let lock = NSLock()
    var packets = 0
}

// The entry's lock, taken around the entry's own fields, is held by chance where the parser
// also sets its own flag: a lock reached through a parameter may be another object's at each
// call, so it is no guard of the parser's state.
final class Parser {
    private var discontinuous = false
    private let stateLock = NSLock()
    private var parsed = 0

    func ready(entry: Entry) {
        entry.lock.lock(); defer { entry.lock.unlock() }
        entry.packets += 1
        discontinuous = true
    }

    func parse() {
        if discontinuous {
            discontinuous = false
        }
    }

    // The parser's own lock is its state's guard: a read without it is reported.
    func record() {
        stateLock.lock()
        parsed += 1
        stateLock.unlock()
    }

    func reset() {
        stateLock.lock()
        parsed = 0
        stateLock.unlock()
    }

    func describe() -> String {
        "\(parsed)" // expect: inconsistent_locking
    }
}
