import Foundation
import Synchronization

// A local computed under one acquisition decides what the second writes: the id read first is
// written back incremented, so two callers can get the same id.
final class IDAllocator: @unchecked Sendable {
    private let lock = NSLock()
    private var nextID = 0
    private var names: [Int: String] = [:]

    func add(_ name: String) -> Int {
        let id = lock.withLock { nextID }
        lock.withLock { // expect: split_critical_section
            names[id] = name
            nextID = id + 1
        }
        return id
    }

    // Read and written in one acquisition: quiet.
    func addAtomically(_ name: String) -> Int {
        lock.withLock {
            let id = nextID
            nextID += 1
            names[id] = name
            return id
        }
    }

    // The second acquisition adjusts what is there now instead of storing the stale value: quiet.
    func skip() {
        let seen = lock.withLock { nextID }
        lock.withLock { nextID += seen > 100 ? 0 : 1 }
    }
}

// Whether a send is running, read under one acquisition, decides under the second whether the
// message is queued or the flag is claimed: two callers can both claim it and both transmit.
final class Sender: @unchecked Sendable {
    private let lock = NSLock()
    private var isSending = false
    private var queue: [String] = []

    func send(_ message: String) {
        let busy = lock.withLock { isSending }
        lock.withLock { // expect: split_critical_section
            if busy {
                queue.append(message)
            } else {
                isSending = true
            }
        }
        if !busy { transmit(message) }
    }

    // Decided again under the second acquisition: quiet.
    func sendChecked(_ message: String) {
        let busy = lock.withLock { isSending }
        if busy { print("queued") }
        let claimed = lock.withLock { () -> Bool in
            if isSending {
                queue.append(message)
                return false
            }
            isSending = true
            return true
        }
        if claimed { transmit(message) }
    }

    func didTransmit() {
        lock.withLock { isSending = false }
    }

    private func transmit(_ message: String) {}
}

// A snapshot taken under lock()/unlock(), trimmed outside, and stored back under a second
// acquisition: entries recorded in between are lost.
final class History: @unchecked Sendable {
    private let mutex = NSLock()
    private var entries: [String] = []
    private var limit = 100

    func record(_ entry: String) {
        mutex.lock()
        let snapshot = entries
        mutex.unlock()
        let trimmed = Array(snapshot.suffix(limit)) + [entry]
        mutex.lock() // expect: split_critical_section
        entries = trimmed
        mutex.unlock()
    }

    // The value written does not come from what was read: quiet.
    func replace(_ fresh: [String]) {
        mutex.lock()
        let old = entries
        mutex.unlock()
        mutex.lock()
        entries = fresh
        mutex.unlock()
        print(old.count)
    }
}

// The value a Mutex hands its closure, advanced outside and stored back.
enum Stage { case first, second, done
    var next: Stage { self == .first ? .second : .done }
}

@available(macOS 15, *)
final class Pipeline: Sendable {
    private let stage = Mutex(Stage.first)

    func advance() {
        let current = stage.withLock { $0 }
        let following = current.next
        stage.withLock { $0 = following } // expect: split_critical_section
    }

    // Advanced inside one acquisition: quiet.
    func advanceAtomically() {
        stage.withLock { $0 = $0.next }
    }

    // A value found absent, made outside the lock, and stored: quiet by design (a cache fill).
    private let cache = Mutex<[String: Int]>([:])
    func value(_ key: String) -> Int {
        let hit = cache.withLock { $0[key] }
        let made = hit ?? key.count
        cache.withLock { $0[key] = made }
        return made
    }
}
