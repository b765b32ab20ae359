import Foundation

// The owner calls the writer and reads the var; another file reads it too (Scanner.swift), so
// two files drive it: both reads are reported.
final class Tuner {
    private var band = Band()
    func retune() { band.select(3) }
    func current() -> Int { band.channel } // expect: inconsistent_locking
}

final class Band {
    private let lock = NSLock()
    var channel = 0
    func select(_ c: Int) {
        lock.lock(); channel = c; lock.unlock()
    }
}
