import Foundation

extension Session {
    // Quiet: `load` hands its completion to `fetch`, which calls it only in a block on `queue`.
    func begin() {
        load { value in
            self.token = value
        }
    }

    // Fires: `loadNow` also calls its completion on the caller's thread first.
    func beginNow() {
        loadNow(completion: { value in
            self.token = value // expect: inconsistent_locking
        })
    }

    private func load(_ completion: @escaping (String?) -> Void) {
        fetch(then: completion)
    }

    private func fetch(then done: @escaping (String?) -> Void) {
        DispatchQueue.global().async {
            let value = "t"
            self.queue.async {
                done(value)
            }
        }
    }

    private func loadNow(completion: @escaping (String?) -> Void) {
        completion(nil)
        queue.async { completion("t") }
    }
}
