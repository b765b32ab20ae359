import Foundation

// The overrides of the hooks the superclass (in another file) calls on its queue run on that
// queue: their accesses, and those of the private methods only they call, are guarded by it.
final class FetchOperation: QueuedOperation, @unchecked Sendable {
    private var task: URLSessionTask?
    private var attempts = 0
    private var label = ""
    private var cleanedUp = false

    override func main() {
        attempts += 1
        label = "fetching"
        startTask()
    }

    private func startTask() {
        let task = URLSession.shared.dataTask(with: URL(string: "https://example.com")!) { [weak self] _, _, _ in
            guard let self else { return }
            self.dispatchQueue.async { self.task = nil }
        }
        self.task = task
        task.resume()
    }

    override func operationDidCancel() {
        task?.cancel()
        task = nil
        cleanedUp = true
    }

    // The superclass also calls this hook off its queue (from `finish()`).
    override func operationWillFinish() {
        cleanedUp = true // expect: unchecked_sendable_unguarded
    }

    // Callers call this on any thread.
    func rename(_ name: String) {
        label = name // expect: unchecked_sendable_unguarded
    }
}
