import Foundation

// Another spelling: `acquire()`/`release()` over a pthread mutex, declared in an extension of
// the class. The calls that run between them hold the mutex.
final class Channel: @unchecked Sendable {
    private var mutex = pthread_mutex_t()
    private var pending: [String] = []
    private var closed = false

    init() {
        pthread_mutex_init(&mutex, nil)
    }

    func send(_ s: String) {
        acquire()
        defer { release() }
        guard !closed else { return }
        pending.append(s)
    }

    func close() {
        acquire()
        closed = true
        release()
    }

    func drain() -> [String] {
        acquire()
        let out = pending
        pending = []
        release()
        return out
    }

    // Fires: written with the mutex released.
    func reopen() {
        closed = false // expect: unchecked_sendable_unguarded
    }
}

extension Channel {
    func acquire() {
        pthread_mutex_lock(&mutex)
    }

    func release() {
        pthread_mutex_unlock(&mutex)
    }
}
