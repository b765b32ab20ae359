import Foundation

// Three twins of one class in an `#if` / `#elseif` / `#else` chain, each with its own guard,
// and an extension in the Linux branch of another `#if` that holds the Linux twin's lock.
#if os(Linux)
final class Clock {
    let mutex = NSLock()
    var ticks = 0
    func tick() { mutex.lock(); ticks += 1; mutex.unlock() }
}
#elseif os(Windows)
final class Clock {
    let gate = NSCondition()
    var ticks = 0
    func tick() { gate.lock(); ticks += 1; gate.unlock() }
}
#else
final class Clock {
    let queue = DispatchQueue(label: "clock")
    var ticks = 0
    func tick() { queue.async { self.ticks += 1 } }
    func reset() { queue.async { self.ticks = 0 } }
}
#endif
