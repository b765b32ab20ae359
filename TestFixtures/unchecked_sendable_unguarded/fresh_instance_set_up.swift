import Foundation

// A var that every write in the run sets on a fresh local instance, before that local is handed
// anywhere, is set before the object is shared: the reads after need no lock.
final class StopJob: @unchecked Sendable {
    private let lock = NSLock()
    private var state = 0
    var isForced = false

    func run() {
        lock.lock()
        state += 1
        lock.unlock()
        if isForced { print("forced") }
    }
}

// The creator hands the instance to a queue first, then sets the var: reported.
final class PauseJob: @unchecked Sendable {
    private let lock = NSLock()
    private var state = 0
    var isUrgent = false

    func run() {
        lock.lock()
        state += 1
        lock.unlock()
        if isUrgent { print("urgent") } // expect: unchecked_sendable_unguarded
    }
}

final class Runner {
    func stop(force: Bool) {
        let job = StopJob()
        job.isForced = force
        DispatchQueue.global().async { job.run() }
    }

    func pause(urgent: Bool) {
        let job = PauseJob()
        DispatchQueue.global().async { job.run() }
        job.isUrgent = urgent
    }
}
