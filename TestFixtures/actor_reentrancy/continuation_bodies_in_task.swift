import Foundation

// Inside a `Task { }` the actor's method starts: the continuation body still runs before that
// task suspends.
actor Handshake {
    var pending: CheckedContinuation<Bool, Never>?

    private func hold(_ c: CheckedContinuation<Bool, Never>) { pending = c }

    func begin() {
        Task {
            guard self.pending == nil else { return }
            _ = await withCheckedContinuation { c in
                self.hold(c)
            }
        }
    }

    func beginTwice() {
        Task {
            guard self.pending == nil else { return }
            try? await Task.sleep(nanoseconds: 10)
            _ = await withCheckedContinuation { c in
                self.hold(c) // expect: actor_reentrancy
            }
        }
    }
}
