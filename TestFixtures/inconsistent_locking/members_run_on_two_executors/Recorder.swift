import Foundation

/// Shape 3: through a helper in an extension in another file: the queue's block calls `tick()`,
/// which calls `record()`; a main-queue block calls `record()` itself.
public final class Recorder {
    var samples: [Double] = []
    let lane = DispatchQueue(label: "recorder")

    public func start() {
        lane.async { self.tick() }
    }

    public func sample() {
        DispatchQueue.main.async { self.record(1) }
    }
}
