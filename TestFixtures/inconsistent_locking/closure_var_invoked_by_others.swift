import Foundation

// A closure another type stores in a closure var of the class runs where the class calls it:
// when the class calls it only holding its guard, the closure's reads hold it too. When other
// code calls it as well, or reads it to hand it on, the tool cannot tell: the reads are judged
// as made where they stand.

final class Meter {
    private let lock = NSLock()
    var samples: [Double] = []
    var onSample: ((Double) -> Void)?
    var onReset: (() -> Void)?

    func add(_ x: Double) {
        lock.lock()
        samples.append(x)
        onSample?(x)
        lock.unlock()
    }

    func reset() {
        lock.withLock {
            samples = []
            onReset?()
        }
    }
}

final class MeterView {
    let meter = Meter()
    var text = ""

    func bind() {
        // Quiet: `Meter` calls it only with `lock` held.
        meter.onSample = { x in
            self.text = "\(self.meter.samples.count) \(x)"
        }
        // Fires: `MeterView` calls it too, without the lock.
        meter.onReset = {
            self.text = "\(self.meter.samples.count)" // expect: inconsistent_locking
        }
        meter.onReset?()
    }
}
