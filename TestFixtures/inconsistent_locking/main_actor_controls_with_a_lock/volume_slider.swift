import UIKit

// The same in UIKit, with a free function and a protocol between the class and the hop.

/// Quiet: `onMainThread { }` takes a `@MainActor` closure.
final class VolumeSlider: UISlider {
    private let lock = NSLock()
    private var levels: [Float] = []

    func load(from url: URL) {
        URLSession.shared.dataTask(with: url) { data, _, _ in
            let parsed = data.map { [Float($0.count)] } ?? []
            onMainThread {
                self.lock.lock()
                self.levels = parsed
                self.lock.unlock()
            }
        }.resume()
    }

    func reset() {
        levels = []
    }

    var peak: Float? { levels.max() }
}

/// Quiet: the scheduler's protocol types its closure `@MainActor`.
final class MeterView: UIView {
    weak var scheduler: MainScheduler?
    private let lock = NSLock()
    private var samples: [Float] = []

    func receive(_ value: Float, from url: URL) {
        let scheduler = self.scheduler
        URLSession.shared.dataTask(with: url) { _, _, _ in
            let v = value * 2
            scheduler?.schedule {
                self.lock.lock()
                self.samples.append(v)
                self.lock.unlock()
            }
        }.resume()
    }

    func clear() {
        samples = []
    }

    var count: Int { samples.count }
}

/// Fires: the completion takes the lock on URLSession's queue, off the main actor.
final class GainSlider: UISlider {
    private let lock = NSLock()
    private var gains: [Float] = []

    func load(from url: URL) {
        URLSession.shared.dataTask(with: url) { data, _, _ in
            let parsed = data.map { [Float($0.count)] } ?? []
            self.lock.lock()
            self.gains = parsed
            self.lock.unlock()
        }.resume()
    }

    func reset() {
        gains = [] // expect: inconsistent_locking
    }

    var peak: Float? {
        lock.lock()
        defer { lock.unlock() }
        return gains.max()
    }
}
