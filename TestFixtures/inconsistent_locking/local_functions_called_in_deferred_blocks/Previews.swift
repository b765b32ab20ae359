import Foundation

// Another shape: the file's own queue wrapper runs the work inline when a queue-specific key
// says it is already there, and with `sync` otherwise; a nested function called in its closure,
// from a callback kept for later, runs on the queue.
final class Previews {
    private let queue = DispatchQueue(label: "previews")
    private let key = DispatchSpecificKey<Void>()
    private var active: [String: Int] = [:]
    private var pending: [String: [() -> Void]] = [:]

    init() {
        queue.setSpecific(key: key, value: ())
    }

    private func onQueue<R>(_ work: () -> R) -> R {
        if DispatchQueue.getSpecific(key: key) != nil {
            return work()
        }
        return queue.sync(execute: work)
    }

    func begin(_ name: String) {
        onQueue { active[name, default: 0] += 1 }
    }

    func preview(_ name: String, loader: Loader) {
        loader.load { done in
            onQueue { enqueue(done) }
        }

        func enqueue(_ done: @escaping () -> Void) {
            guard active[name] != nil else { return }
            pending[name, default: []].append(done)
        }
    }

    // Fires: a nested function called both inside and outside the wrapper.
    func end(_ name: String) {
        onQueue { close() }
        close()

        func close() {
            active[name] = nil // expect: inconsistent_locking
        }
    }
}

final class Loader {
    func load(_ completion: @escaping (@escaping () -> Void) -> Void) {
        DispatchQueue.global().async { completion({}) }
    }
}
