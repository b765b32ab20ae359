import Darwin

// The lock is allocated on the heap once, in a static initializer: the raw value the closure
// copies in is a local of that closure, passed with `&` only while the pointer is set up.
final class Registry: @unchecked Sendable {
    private static let lock: UnsafeMutablePointer<os_unfair_lock> = {
        var initial = os_unfair_lock()
        let pointer = UnsafeMutablePointer<os_unfair_lock>.allocate(capacity: 1)
        pointer.initialize(from: &initial, count: 1)
        return pointer
    }()
    private static var names: [String] = []

    static func register(_ name: String) {
        os_unfair_lock_lock(lock)
        defer { os_unfair_lock_unlock(lock) }
        names.append(name)
    }
}

// The same set-up in a `lazy` initializer, with a pthread mutex.
final class Journal: @unchecked Sendable {
    private lazy var mutex: UnsafeMutablePointer<pthread_mutex_t> = {
        var blank = pthread_mutex_t()
        let m = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        m.initialize(from: &blank, count: 1)
        pthread_mutex_init(m, nil)
        return m
    }()
    private var lines: [String] = []

    func append(_ line: String) {
        pthread_mutex_lock(mutex)
        lines.append(line)
        pthread_mutex_unlock(mutex)
    }
}

// A stored property that holds the lock inline, beside them, is still reported.
final class Inline: @unchecked Sendable {
    private var lock = os_unfair_lock() // expect: unsafe_os_lock
    private var count = 0

    func bump() {
        os_unfair_lock_lock(&lock)
        count += 1
        os_unfair_lock_unlock(&lock)
    }
}
