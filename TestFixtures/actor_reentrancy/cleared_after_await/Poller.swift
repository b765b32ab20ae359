// A helper in between: the initializer's task stores the value later, through a method of the
// actor, so a call can store it while `stop()` is suspended.
actor Poller {
    private var timer: Task<Void, Never>?

    init() {
        Task { await self.arm() }
    }

    private func arm() {
        timer = Task {}
    }

    func stop() async {
        if let timer {
            await timer.value
            self.timer = nil // expect: actor_reentrancy
        }
    }
}
