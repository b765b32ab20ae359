import Foundation

// The same shape with a heap-allocated C mutex: reported.
final class CMutexBox: @unchecked Sendable {
    let mutex: UnsafeMutablePointer<pthread_mutex_t> = {
        let m = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        pthread_mutex_init(m, nil)
        return m
    }()
    var value = 0

    func handOver(_ next: () throws -> Int) rethrows {
        pthread_mutex_lock(mutex) // expect: lock_without_defer
        value = try next()
        pthread_mutex_unlock(mutex)
        notifyWaiters()
    }

    func handOverQuiet(_ next: () -> Int) {
        pthread_mutex_lock(mutex)
        value = next()
        pthread_mutex_unlock(mutex)
        notifyWaiters()
    }

    func notifyWaiters() {}
}
