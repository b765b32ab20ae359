import UIKit

/// UIKit calls a view's overrides on the main thread. A block run with `renderQueue.sync` from
/// one of them holds both the queue and the main thread (blocked in the call): a write there
/// excludes the reads made on the main thread as well as the queue's own blocks.
final class RenderView: UIView {
    private let renderQueue = DispatchQueue(label: "render")
    private let statsLock = NSLock()
    private var samples = 0
    private var framebuffer: UInt32 = 0
    private var frames = 0

    override func layoutSubviews() {
        super.layoutSubviews()
        renderQueue.sync {
            self.createFramebuffer()
        }
    }

    override func didMoveToSuperview() {
        super.didMoveToSuperview()
        if framebuffer == 0 {  // Quiet: every write runs with the main thread blocked on it.
            renderQueue.sync { self.framebuffer = 1 }
        }
    }

    private func createFramebuffer() {
        framebuffer = 7
    }

    func render() {
        renderQueue.async {
            self.frames += 1
            print(self.framebuffer)  // Quiet: on the queue every write runs on.
        }
    }

    /// A lock the class also uses: what puts a view's state in the rule's scope.
    func sample() -> Int {
        statsLock.withLock {
            samples += 1
            return samples
        }
    }
}
