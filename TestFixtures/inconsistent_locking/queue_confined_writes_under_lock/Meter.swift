import Foundation

/// Samples written on one queue under the project's own lock (another file).
final class Meter {
    private let sampling = DispatchQueue(label: "meter.sampling")
    private let turnstile = Turnstile()
    private var readings: [Double] = []

    func record(_ value: Double) {
        sampling.async {
            if self.readings.count < 100 {  // Quiet: read on the only queue that writes it.
                self.turnstile.pass { self.readings.append(value) }
            }
        }
    }

    func latest() -> Double? {
        turnstile.pass { readings.last }
    }

    func average(on queue: DispatchQueue) {
        queue.async {
            let all = self.readings  // expect: inconsistent_locking
            print(all.reduce(0, +) / Double(max(all.count, 1)))
        }
    }
}
