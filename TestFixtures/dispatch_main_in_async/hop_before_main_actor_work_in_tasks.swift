import Foundation

// The same in a task: a main-actor method of the file (through its type's `@MainActor` extension)
// awaited right after the hop runs after its block. A plain async call after it does not.
final class UploadQueue {
    var pending = 0
    var task: Task<Void, Never>?

    func enqueue() {
        task = Task {
            DispatchQueue.main.async { self.pending += 1 }
            let shown = await self.showBadge()
            print(shown)
        }
        Task {
            DispatchQueue.main.async { self.pending -= 1 } // expect: dispatch_main_in_async
            let sent = await self.send()
            print(sent)
        }
    }

    func send() async -> Bool { true }
}

@MainActor
extension UploadQueue {
    func showBadge() -> Int { pending }
}
