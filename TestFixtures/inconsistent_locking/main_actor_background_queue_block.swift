import UIKit

// A view controller that reloads on a global queue: that block runs off the main actor, so its
// unlocked write races the locked ones.
final class FeedViewController: UIViewController {
    private let lock = NSLock()
    private var items: [String] = []

    func append(_ s: String) {
        lock.lock()
        items.append(s)
        lock.unlock()
    }

    func count() -> Int {
        lock.lock()
        defer { lock.unlock() }
        return items.count
    }

    func refresh() {
        DispatchQueue.global().async {
            self.items = [] // expect: inconsistent_locking
        }
    }
}

// The same reload sent to the main queue: every access runs on the main actor.
final class MainFeedViewController: UIViewController {
    private let lock = NSLock()
    private var items: [String] = []

    func append(_ s: String) {
        lock.lock()
        items.append(s)
        lock.unlock()
    }

    func count() -> Int {
        lock.lock()
        defer { lock.unlock() }
        return items.count
    }

    func refresh() {
        DispatchQueue.main.async {
            self.items = []
        }
    }
}

// Off-main code but no lock anywhere: the main actor is all the class relies on, and nothing
// says which guard its state would need.
final class PlainFeedViewController: UIViewController {
    private var items: [String] = []

    func append(_ s: String) { items.append(s) }

    func refresh() {
        DispatchQueue.global().async {
            self.items = []
        }
    }
}

// An observer handed the main queue to run on: still the main actor.
final class ObservingFeedViewController: UIViewController {
    private let lock = NSLock()
    private var items: [String] = []

    func append(_ s: String) {
        lock.lock()
        items.append(s)
        lock.unlock()
    }

    func observe() {
        NotificationCenter.default.addObserver(forName: .NSCalendarDayChanged, object: nil, queue: .main) { [weak self] _ in
            self?.items = []
        }
    }
}
