import Foundation

// 'samples' is cleared on the session queue in two places and on the frame queue in one: the
// two queues do not exclude each other. Which one is its home the tool cannot tell (frames may
// arrive on either), so the fix-it names both directions and never a sync hop.
final class Camera {
    private let sessionQueue = DispatchQueue(label: "camera.session")
    private let frameQueue = DispatchQueue(label: "camera.frames")
    private var samples: [UInt8]? = nil

    func start() {
        sessionQueue.async {
            self.samples = nil
        }
    }

    func stop() {
        sessionQueue.async { [weak self] in
            self?.samples = nil
        }
    }

    func rotate() {
        frameQueue.async { [weak self] in
            self?.samples = nil // expect: inconsistent_locking
        }
    }
}
