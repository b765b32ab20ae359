import Foundation
import Synchronization

// A computed property holds no state: accessors that only hand the work to functions that
// synchronize (a lock, an atomic) synchronize themselves.

private let modeLock = NSLock()
nonisolated(unsafe) private var modeStorage = 0 // expect: nonisolated_unsafe

private func readMode() -> Int {
    modeLock.lock()
    defer { modeLock.unlock() }
#if compiler(>=6.2)
    return unsafe modeStorage
#else
    return modeStorage
#endif
}

private func writeMode(_ value: Int) {
    modeLock.lock()
    defer { modeLock.unlock() }
    modeStorage = value
}

public nonisolated(unsafe) var mode: Int {
    get { readMode() }
    set { writeMode(newValue) }
}

// Another spelling: an atomic, in a static member; the getter's body is the getter.
@available(macOS 15, iOS 18, *)
private let hitCounter = Atomic<Int>(0)

@available(macOS 15, iOS 18, *)
private func loadHits() -> Int { hitCounter.load(ordering: .relaxed) }

@available(macOS 15, iOS 18, *)
enum Stats {
    nonisolated(unsafe) static var hits: Int { loadHits() }
}

// A wrapper in between: the accessors call a helper that calls the locking one.
private func currentMode() -> Int { readMode() }

public nonisolated(unsafe) var effectiveMode: Int {
    get { currentMode() }
    set { writeMode(newValue) }
}

// Near miss: the helpers touch their storage with no lock. That storage, itself declared
// nonisolated(unsafe), is what is reported (one finding, where it is declared).
nonisolated(unsafe) private var levelStorage = 0 // expect: nonisolated_unsafe

private func readLevel() -> Int { levelStorage }
private func writeLevel(_ value: Int) { levelStorage = value }

public nonisolated(unsafe) var level: Int {
    get { readLevel() }
    set { writeLevel(newValue) }
}

// Near miss: the getter synchronizes, the setter writes the storage itself with no lock (the
// storage is reported, at its declaration above).
public nonisolated(unsafe) var rawMode: Int {
    get { readMode() }
    set { modeStorage = newValue }
}

// Near miss: state of a shared object that nothing else judges, reached with no lock: the
// property is reported.
final class FlagBox { var value = false }
private let flagBox = FlagBox()
private func readFlag() -> Bool { flagBox.value }

public nonisolated(unsafe) var flag: Bool { // expect: nonisolated_unsafe
    get { readFlag() }
    set { flagBox.value = newValue }
}
