import Foundation

// A helper with a lock of its own. 'rate' and 'format' are written only when its owner calls
// 'open()'; the owner, in one file, also makes every read of them from outside: the owner's
// order of calls decides, and the tool cannot tell it.
final class Decoder {
    private let lock = NSLock()
    private var buffered = 0
    var rate = 0
    var format: String?

    func open() {
        lock.lock(); defer { lock.unlock() }
        rate = 44_100
        format = "pcm"
    }

    func feed(_ n: Int) {
        lock.lock(); defer { lock.unlock() }
        buffered += n
    }
}

// Written in a method that the class's own code calls too: its other callers may run it from
// anywhere, so the outside read is reported.
final class Meter {
    private let lock = NSLock()
    var peak = 0

    func update(_ v: Int) {
        lock.lock(); defer { lock.unlock() }
        peak = max(peak, v)
    }

    func sample(_ v: Int) { update(v) }
}
