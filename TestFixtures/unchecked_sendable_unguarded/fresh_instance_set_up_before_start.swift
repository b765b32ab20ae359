import Foundation

// Each creator sets the vars on a fresh local (bound with `var`) before anything else touches
// that local; one runs a method of the instance first, which may hand it on.
final class Scheduler {
    private var tasks: [UploadTask] = []

    func schedule(retries: Int) {
        var task = UploadTask()
        task.retries = retries
        task.label = "first"
        tasks.append(task)
        DispatchQueue.global().async { task.start() }
    }

    func reschedule(name: String) {
        var task = UploadTask()
        DispatchQueue.global().async { task.start() }
        task.label = name
    }
}

final class UploadTask: @unchecked Sendable {
    private let lock = NSLock()
    private var sent = 0
    var retries = 0
    var label = ""

    func start() {
        let extra = retries
        lock.lock()
        sent += 1
        lock.unlock()
        lock.lock()
        sent += extra
        lock.unlock()
        print(label) // expect: unchecked_sendable_unguarded
    }
}
