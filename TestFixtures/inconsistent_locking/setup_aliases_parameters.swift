import Foundation

/// Members called on a fresh instance before it is shared set it up, like its initializer.
final class Sink {
    private let lock = NSLock()
    private var windowID = 0
    private var started = false
    func run() {
        started = true
        windowID = 1
    }
    func tick() { lock.withLock { windowID += 1 } }
    func current() -> Int { lock.withLock { windowID } }
    func restart() { windowID = 0 } // expect: inconsistent_locking
}

final class Producer {
    func subscribe() -> Sink {
        let sink = Sink()
        sink.run()
        return sink
    }
}

/// `strongSelf.lock` is `self.lock`: the caller holds it around the helper.
final class Player {
    private let playerLock = NSLock()
    private var task: Int?
    func play(_ queue: DispatchQueue) {
        queue.async { [weak self] in
            guard let strongSelf = self else { return }
            strongSelf.playerLock.lock()
            defer { strongSelf.playerLock.unlock() }
            strongSelf.startTasks()
        }
    }
    private func startTasks() { task = 1 }
    func stop() {
        playerLock.lock()
        task = nil
        playerLock.unlock()
    }
    func peek() -> Int? { task } // expect: inconsistent_locking
}

/// A closure method of a parameter (a database queue passed in) may serialize what runs in it:
/// the tool cannot tell, and says nothing about those accesses.
final class FolderStore {
    private let cacheQueue = DispatchQueue(label: "cache")
    private var cached: [String] = []
    func find(_ name: String) -> String? { cacheQueue.sync { cached.first { $0 == name } } }
    func save(_ name: String, db: DatabaseQueue) {
        db.inDatabase { _ in
            if cached.contains(name) { return }
            cached.append(name)
        }
    }
    // Quiet: every write runs under the parameter's closure method, which the tool cannot
    // resolve, so it cannot tell which guard is the var's (the queue only reads it).
    func all() -> [String] { cached }
}
