import Foundation

// One property declared in each branch of an #if is one variable; its declarations are not
// writes. Nothing writes it at all: reported once, as a `let` to be.
enum Platform {
    #if os(Linux)
    nonisolated(unsafe) static var handle: Int32 = 0 // expect: nonisolated_unsafe
    #else
    nonisolated(unsafe) static var handle: Int32 = 1
    #endif
}

// A local of the same name hides the variable: writing the local is not writing it.
nonisolated(unsafe) var retries = 3
func attempt() {
    var retries = 0
    retries += 1
    print(retries)
}

// Assigning a member through the value writes the object it refers to, not the variable.
nonisolated(unsafe) var sink: FileHandle? = nil
func configure() { sink?.writeabilityHandler = nil }

// Written with the C lock that guards it held: the write is the lock's business.
nonisolated(unsafe) var guardedCount = 0
nonisolated(unsafe) var countLock = pthread_mutex_t()
func increment() {
    pthread_mutex_lock(&countLock)
    defer { pthread_mutex_unlock(&countLock) }
    guardedCount += 1
}
func peek() -> Int { guardedCount } // a read without the lock; writes are all locked

// Written without any lock: reported, naming the write.
nonisolated(unsafe) var lastError: String? // expect: nonisolated_unsafe
func fail(_ message: String) { lastError = message }

// A documented contract is the explanation the opt-out needs: not repeated.
/// Set once at startup, before any task runs.
nonisolated(unsafe) var logLevel = 0
func configureLogging(_ level: Int) { logLevel = level }
