import Foundation

// The base class documents that it calls `close()` with its lock held, and does: an override
// reads state under that contract. The override is quiet; an override of a method the base
// documents nothing about is judged as code anyone may call.
open class Task {
    let lock = NSLock()
    private var state = 0

    public init() {}

    public func cancel() {
        lock.withLock {
            state = 1
            close()
        }
    }

    public func finish() {
        lock.withLock {
            state = 2
            flush()
        }
    }

    /// Closes the connection. Called with lock.
    open func close() {}

    open func flush() {}
}

public final class Socket: Task {
    private var code: Int? = nil

    public func set(_ c: Int) {
        lock.withLock { code = c }
    }

    public var current: Int { lock.withLock { code } ?? 0 }

    public override func close() {
        print(code ?? 0)
    }

    public override func flush() {
        print(code ?? 0) // expect: inconsistent_locking
    }
}
