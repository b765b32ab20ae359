import Foundation

// Hops in `defer` bodies of functions awaited from another file: the last step of each. Where
// the other file only ends unkept tasks with the call, nothing waits for it: quiet. Where it
// awaits the call and goes on, reported, with a fix-it that leaves the `defer` alone.
final class Vault {
    var locked = false
    var status = ""

    func lock() async {
        defer { DispatchQueue.main.async { self.locked = true } }
        await seal()
    }

    func unlock() async throws {
        defer {
            DispatchQueue.main.async { // expect: dispatch_main_in_async
                self.locked = false
                self.status = "open"
            }
        }
        try await open()
    }

    func seal() async {}
    func open() async throws {}
}
