import Foundation

extension LevelRecorder {
    func register() {
        NotificationCenter.default.addObserver(self, selector: #selector(levelChanged), name: .init("level"), object: nil)
    }

    @objc func levelChanged(_ note: Notification) {
        output?.write(0)
    }
}

// Fires: `reset()` writes the output again, outside the queue and the set-up, so it is not set
// once: the write is reported (the rule then reports the writes, not the reads).
final class ResettableRecorder: NSObject {
    let recordQueue = DispatchQueue(label: "resettable")
    var active = false
    var output: RecorderOutput?

    func activate(output: RecorderOutput) {
        recordQueue.sync {
            guard !active else { return }
            self.output = output
            NotificationCenter.default.addObserver(self, selector: #selector(levelChanged), name: .init("level"), object: nil)
            active = true
        }
    }

    func reset() {
        output = nil // expect: inconsistent_locking
    }

    @objc func levelChanged(_ note: Notification) {
        output?.write(0)
    }
}
