import Foundation

/// Every write runs on `work` and under the lock; reads on `work` need no lock (no other thread
/// writes), and reads anywhere else take it.
final class Session {
    private let work = DispatchQueue(label: "session.work")
    private let rw = ReadersWriter(label: "session.rw")
    private var userID = ""
    private var pending: [String: Int] = [:]
    private var label = ""

    func signIn(_ id: String) {
        work.async { [weak self] in
            guard let self else { return }
            if id != self.userID {  // Quiet: read on the only queue that writes it.
                let previous = self.userID
                self.rw.writing {
                    self.userID = id
                }
                print(previous)
            }
        }
    }

    func mark(_ event: String) {
        work.async { [weak self] in
            guard let self else { return }
            let seen = self.pending[event] ?? 0  // Quiet: as above.
            self.rw.writing { self.pending[event] = seen + 1 }
        }
    }

    func rename(_ text: String) {
        work.async {
            self.rw.writing { self.label = text }
        }
    }

    func retitle(_ text: String) {
        work.async {
            self.label = text  // expect: inconsistent_locking
        }
    }

    var currentUser: String {
        rw.reading { userID }
    }

    var currentLabel: String {
        rw.reading { label }
    }

    func count(of event: String) -> Int {
        rw.reading { pending[event] ?? 0 }
    }
}
