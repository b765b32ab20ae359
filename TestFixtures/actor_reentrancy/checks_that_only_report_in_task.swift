import Foundation

// In a Task started by the actor, through a setter method: the report-only check is quiet,
// a check whose block throws is not.
actor Uploader {
    var busy = false

    private func setBusy(_ b: Bool) { busy = b }

    func start() {
        Task {
            if self.busy { print("already busy") }
            await self.send()
            self.setBusy(true)
        }
    }

    func startOrFail() {
        Task {
            if self.busy { fatalError("already busy") }
            await self.send()
            self.setBusy(true) // expect: actor_reentrancy
        }
    }

    func send() async { await Task.yield() }
}
