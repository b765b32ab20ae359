import Foundation

// Another shape: the nested function is called in the closure of the file's own queue
// wrapper, itself inside a closure handed to an API that runs it later.
final class Thumbnails: @unchecked Sendable {
    private let queue = DispatchQueue(label: "thumbnails")
    private var sessions: [String: Int] = [:]

    private func onQueue<R>(_ work: () -> R) -> R {
        queue.sync(execute: work)
    }

    func start(_ key: String) {
        onQueue { sessions[key, default: 0] += 1 }
    }

    func request(_ key: String, deliver: @escaping (Bool) -> Void) {
        Scheduler.shared.submit {
            let ok = onQueue { admit(key) }
            deliver(ok)
        }

        func admit(_ key: String) -> Bool {
            (sessions[key] ?? 0) > 0
        }
    }

    // Fires: called once through the wrapper and once straight from a block on another queue.
    func cancel(_ key: String) {
        DispatchQueue.global().async {
            onQueue { drop() }
            drop()
        }

        func drop() {
            sessions[key] = nil // expect: unchecked_sendable_unguarded
        }
    }
}

final class Scheduler: @unchecked Sendable {
    static let shared = Scheduler()
    func submit(_ work: @escaping @Sendable () -> Void) { DispatchQueue.global().async(execute: work) }
}
