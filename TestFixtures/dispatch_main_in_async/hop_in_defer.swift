import Foundation

// A hop in a `defer` runs as the function (or task) is left: it is the last step, on every path.
// A `defer` body cannot `await`, so the fix-it never offers `await MainActor.run` there: it
// moves the block's code out of the `defer`, to where the code ends.
final class Account {
    var session: String?
    var toast: String?

    func signOut() async throws {
        defer {
            DispatchQueue.main.async { self.session = nil } // expect: dispatch_main_in_async
        }
        try await revoke()
    }

    func leave() async {
        try? await signOut()
        print(session as Any)
    }

    // Only tasks nobody keeps wait for it: the hop is then the last thing such a task does.
    private func forget() async {
        defer {
            DispatchQueue.main.async { self.session = nil }
        }
        await wipe()
    }

    func forgetLater() {
        Task { await forget() }
    }

    // A `defer` of an inner block runs where that block ends; code after it goes on.
    func rotate() async {
        if session != nil {
            defer { DispatchQueue.main.async { self.session = "" } } // expect: dispatch_main_in_async
            await wipe()
        }
        await wipe()
    }

    // In a task somebody keeps.
    var running: Task<Void, Never>?
    func start() {
        running = Task {
            defer {
                DispatchQueue.main.async { self.toast = "done" } // expect: dispatch_main_in_async
            }
            await self.wipe()
        }
    }

    func revoke() async throws {}
    func wipe() async {}
}
