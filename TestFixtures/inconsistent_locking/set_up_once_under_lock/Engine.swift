import Foundation

final class Engine {
    let stateLock = NSLock()
    var started = false
    var workers: [Int] = []
    var label = ""

    /// Quiet: `start()` runs the set-up (in the other file) before the read.
    func workerCount() -> Int {
        start()
        return workers.count
    }

    /// Quiet: `warmUp()` calls `start()` first.
    func summary() -> String {
        warmUp()
        return label + "\(workers.count)"
    }

    private func warmUp() {
        start()
        print("warm")
    }

    /// Fires: no set-up before the read.
    func firstWorker() -> Int? {
        workers.first // expect: inconsistent_locking
    }
}
