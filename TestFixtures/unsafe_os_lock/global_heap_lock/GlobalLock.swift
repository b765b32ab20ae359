import Darwin

// A global lock allocated once by its initializer closure; the seed value is the closure's local.
let globalLock: os_unfair_lock_t = {
    var seed = os_unfair_lock()
    let pointer = os_unfair_lock_t.allocate(capacity: 1)
    pointer.initialize(from: &seed, count: 1)
    return pointer
}()

// A global that keeps the lock itself and hands out its address: reported.
var legacyLock = os_unfair_lock() // expect: unsafe_os_lock

func withLegacyLock<T>(_ body: () -> T) -> T {
    os_unfair_lock_lock(&legacyLock)
    defer { os_unfair_lock_unlock(&legacyLock) }
    return body()
}
