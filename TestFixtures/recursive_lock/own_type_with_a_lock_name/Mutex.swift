import Foundation

// The project's own `Mutex`: a pthread mutex that callers can make recursive. The standard
// library's Mutex is never recursive; this one is what its initializer makes it.
final class Mutex {
    private let raw = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

    init(recursive: Bool = false) {
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        pthread_mutexattr_settype(&attributes, recursive ? PTHREAD_MUTEX_RECURSIVE : PTHREAD_MUTEX_NORMAL)
        pthread_mutex_init(raw, &attributes)
    }

    deinit { pthread_mutex_destroy(raw); raw.deallocate() }

    func lock() { pthread_mutex_lock(raw) }
    func unlock() { pthread_mutex_unlock(raw) }
}
