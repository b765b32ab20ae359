import Foundation

// lock.withLock { lock.withLock { } }
/* lock.lock(); /* nested */ lock.lock() */
let pattern = /lock\.lock\(\)/
let s = "lock.withLock { lock.withLock { } }"
let r = #"lock.lock(); lock.lock()"#

@available(macOS 13, *)
public final class Traps<Key: Hashable>: @unchecked Sendable where Key: Sendable {
    private let lock = NSLock()
    private var table: [Key: String] = [:]

    @inlinable
    public var description: String {
        lock.withLock { "\(table.count)" }
    }

    public func dump() -> String {
        lock.withLock {
            let text = "\(table.map { "\($0)" }.joined()) lock.lock()"
            return text + description // expect: recursive_lock
        }
    }

    public func tricky(_ k: Key) {
        lock.withLock {
            #if DEBUG
            table[k] = "debug"
            #else
            table[k] = "release"
            #endif
            _ = #"lock.withLock { }"#
        }
    }

    struct Inner {
        let lock = NSLock()
        func f() {
            lock.withLock {
                lock.lock() // expect: recursive_lock
                lock.unlock()
            }
        }
    }
}
