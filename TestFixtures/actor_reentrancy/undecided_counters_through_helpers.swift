import Foundation

protocol Sink { func push(_ n: Int) async }

// Through a wrapper: the awaited call goes through a protocol, and the count is made by a setter
// method of the actor.
actor Relay {
    private var sent = 0
    private var tag = ""
    private let sink: any Sink
    init(sink: any Sink) { self.sink = sink }

    private func bump() { sent += 1 }

    func forward(_ n: Int) async {
        if sent % 100 == 0 {
            tag = "batch"
        }
        await sink.push(n)
        bump()
    }

    // Inside a Task the actor starts: the same.
    func forwardLater(_ n: Int) {
        Task {
            if sent == 0 { tag = "first" }
            await sink.push(n)
            sent += 1
        }
    }

    // Still reported: the `if` body returns, so the setter call acts on the read.
    func forwardOnce(_ n: Int) async {
        if sent > 0 { return }
        await sink.push(n)
        bump() // expect: actor_reentrancy
    }
}
