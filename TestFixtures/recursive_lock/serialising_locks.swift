import Foundation

// The lock serialises the call itself: the critical section holds nothing else.
final class SerialHandler {
    private let lock = NSLock()
    private let handle: (String) -> Void
    init(handle: @escaping (String) -> Void) { self.handle = handle }

    func send(_ message: String) {
        lock.lock()
        defer { lock.unlock() }
        handle(message)
    }

    func sendScoped(_ message: String) -> Void {
        return lock.withLock { handle(message) }
    }
}

// The call's result becomes the state the lock guards: created once, under the lock.
final class LazySubject {
    private let lock = NSLock()
    private let makeSubject: () -> NSObject
    private var subject: NSObject?
    init(makeSubject: @escaping () -> NSObject) { self.makeSubject = makeSubject }

    var current: NSObject {
        lock.lock()
        if let subject {
            lock.unlock()
            return subject
        }
        let made = makeSubject()
        self.subject = made
        lock.unlock()
        return made
    }

    var again: NSObject {
        lock.withLock {
            subject = makeSubject()
            return subject!
        }
    }
}

// Every acquisition of the lock calls the same closure: it is the lock's only job.
final class OrderedLog {
    private let lock = NSLock()
    private let write: (String) -> Void
    init(write: @escaping (String) -> Void) { self.write = write }

    func info(_ text: String) {
        lock.withLock {
            let line = "info: " + text
            write(line)
        }
    }

    func error(_ text: String) {
        lock.withLock {
            let line = "error: " + text
            write(line)
        }
    }
}

// Reported: the lock guards state, and the callback is called in the same hold.
final class Model {
    private let lock = NSLock()
    private var value = 0
    var onChange: ((Int) -> Void)?

    func set(_ v: Int) {
        lock.withLock {
            value = v
            onChange?(v) // expect: recursive_lock
        }
    }

    func read() -> Int { lock.withLock { value } }
}
