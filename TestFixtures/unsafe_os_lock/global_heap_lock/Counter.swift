import Darwin

// Used through the pointer, from another file.
func withGlobalLock<T>(_ body: () -> T) -> T {
    os_unfair_lock_lock(globalLock)
    defer { os_unfair_lock_unlock(globalLock) }
    return body()
}

nonisolated(unsafe) var total = 0

func add(_ n: Int) {
    withGlobalLock { total += n }
}
