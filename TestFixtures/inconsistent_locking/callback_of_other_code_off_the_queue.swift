import Foundation

// A closure handed to the class's own method that calls it back only from a completion handler
// of other code runs on that code's thread: not on the queue the caller was on, and not under a
// guard the tool cannot resolve. A block sent with asyncAfter is a delay, not a hop: the direct
// call in the other arm runs wherever the completion handler runs.

final class Uploader {
    let session = URLSession.shared

    func post(_ items: [Int], completionHandler: @escaping (Error?) -> Void) {
        let task = session.dataTask(with: URL(string: "https://example.com")!) { _, _, error in
            completionHandler(error)
        }
        task.resume()
    }
}

/// Fires: `next()` is called again from the upload's completion handler, off `queue`, and
/// through it `finish()` writes `isFlushing`.
final class Flusher {
    let queue = DispatchQueue(label: "flush")
    let uploader = Uploader()
    private var isFlushing = false
    private var pending: [Int] = []

    func flush() {
        queue.async {
            guard !self.isFlushing else { return }
            self.isFlushing = true
            self.next()
        }
    }

    private func next() {
        guard !pending.isEmpty else {
            finish()
            return
        }
        send { ok in
            if ok {
                self.next()
            } else {
                self.queue.asyncAfter(deadline: .now() + 1) {
                    self.next()
                }
            }
        }
    }

    private func send(completion: @escaping (Bool) -> Void) {
        self.uploader.post(pending) { error in
            completion(error == nil)
        }
    }

    private func finish() {
        self.isFlushing = false // expect: inconsistent_locking
    }
}

/// Quiet: the completion handler hops back onto `queue` in both arms, so every call of `step()`
/// runs there.
final class HoppingFlusher {
    let queue = DispatchQueue(label: "hop-flush")
    let uploader = Uploader()
    private var isFlushing = false
    private var pending: [Int] = []

    func flush() {
        queue.async {
            guard !self.isFlushing else { return }
            self.isFlushing = true
            self.step()
        }
    }

    private func step() {
        guard !pending.isEmpty else {
            isFlushing = false
            return
        }
        send { ok in
            if ok {
                self.queue.async { self.step() }
            } else {
                self.queue.asyncAfter(deadline: .now() + 1) { self.step() }
            }
        }
    }

    private func send(completion: @escaping (Bool) -> Void) {
        self.uploader.post(pending) { error in
            completion(error == nil)
        }
    }
}

/// Quiet: the own method calls its closure inside a block on `queue`, so the closure runs there.
final class QueuedFlusher {
    let queue = DispatchQueue(label: "queued-flush")
    let uploader = Uploader()
    private var isFlushing = false

    func flush() {
        queue.async {
            guard !self.isFlushing else { return }
            self.isFlushing = true
            self.send { _ in
                self.isFlushing = false
            }
        }
    }

    private func send(completion: @escaping (Bool) -> Void) {
        self.uploader.post([]) { error in
            self.queue.async { completion(error == nil) }
        }
    }
}
