import UIKit

// A third: the helper is called from a block on a global queue, and from a thread of its own.
final class LoaderView: UIView {
    private var progress = 0.0

    func start() {
        DispatchQueue.global().async { [weak self] in
            self?.report(0.5)
        }
        Thread.detachNewThread { [weak self] in
            self?.report(1)
        }
    }

    private func report(_ value: Double) {
        DispatchQueue.main.sync { self.progress = value }
    }

    // Fires: a private helper called straight from main-actor code.
    private func reset() {
        DispatchQueue.main.sync { self.progress = 0 } // expect: queue_sync_reentrancy
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        reset()
    }
}
