import Foundation

// One raw lock per platform behind an alias: inline and passed with '&' on each of them.
#if canImport(Darwin)
typealias RawLock = os_unfair_lock
#else
typealias RawLock = pthread_mutex_t
#endif

final class Journal {
    private var lock = RawLock() // expect: unsafe_os_lock
    private var lines: [String] = []
    func append(_ line: String) {
        #if canImport(Darwin)
        os_unfair_lock_lock(&lock)
        lines.append(line)
        os_unfair_lock_unlock(&lock)
        #else
        pthread_mutex_lock(&lock)
        lines.append(line)
        pthread_mutex_unlock(&lock)
        #endif
    }
}

// The same property declared per platform: only the branch that passes it with '&' is reported,
// and its notes point at its own uses.
final class Registry {
    #if os(Linux)
    private var mutex = pthread_mutex_t()
    #else
    private var mutex = os_unfair_lock() // expect: unsafe_os_lock
    #endif
    private var names: [String] = []

    #if os(Linux)
    func add(_ name: String) {
        withUnsafeMutablePointer(to: &names) { _ in }
    }
    #else
    func add(_ name: String) {
        os_unfair_lock_lock(&mutex)
        names.append(name)
        os_unfair_lock_unlock(&mutex)
    }
    #endif
}
