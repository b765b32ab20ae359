import UIKit

/// A write in a block sent with `async` holds the queue alone: the main thread goes on, so an
/// override's read races it. And a key-value observation arrives on the thread that changed the
/// value, not on the main thread, though the class is a view.
final class Meter: UIView {
    private let queue = DispatchQueue(label: "meter")
    private let statsLock = NSLock()
    private var samples = 0
    private var level = 0
    private var observed = 0

    override func layoutSubviews() {
        super.layoutSubviews()
        print(level)  // expect: inconsistent_locking
    }

    func update() {
        queue.async { self.level = 1 }
    }

    func refresh() {
        queue.async {
            self.level += 1
            self.observed = 0
        }
    }

    override func observeValue(forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?, context: UnsafeMutableRawPointer?) {
        observed += 1  // expect: inconsistent_locking
    }

    override func draw(_ rect: CGRect) {
        queue.sync { self.observed = 2 }
    }

    /// A lock the class also uses: what puts a view's state in the rule's scope.
    func sample() -> Int {
        statsLock.withLock {
            samples += 1
            return samples
        }
    }
}
