import Foundation

protocol RecorderOutput: AnyObject {
    func write(_ sample: Double)
}

// Quiet: the output is set once on the queue, before the set-up registers `self` for
// notifications (in the other file); the notification handler reads it after that.
final class LevelRecorder: NSObject {
    let recordQueue = DispatchQueue(label: "recorder")
    var active = false
    var output: RecorderOutput?
    var samples: [Double] = []

    func activate(output: RecorderOutput) {
        recordQueue.sync {
            guard !self.active else { return }
            self.output = output
            self.register()
            self.active = true
        }
    }

    func record(_ sample: Double) {
        recordQueue.async { self.samples.append(sample) }
    }
}
