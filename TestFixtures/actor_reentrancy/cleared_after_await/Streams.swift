// A task stored only by the initializer and cleared after awaiting it: no other call stores a
// value the clear could wipe, and two concurrent closes both just clear it. Quiet.
actor Stream {
    private var receiver: Task<Void, Never>?

    init() {
        receiver = Task {}
    }

    func close() async {
        receiver?.cancel()
        if let receiver {
            _ = await receiver.value
            self.receiver = nil
        }
    }
}

// Near miss: another method stores a new task, which a close suspended in its await wipes.
actor Restartable {
    private var receiver: Task<Void, Never>?

    init() {
        receiver = Task {}
    }

    func restart() {
        receiver = Task {}
    }

    func close() async {
        if let receiver {
            _ = await receiver.value
            self.receiver = nil // expect: actor_reentrancy
        }
    }
}
