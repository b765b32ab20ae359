import Foundation

// A delayed block sent from async or actor code runs later while the code goes on. Set when the
// code has nothing left to await, it is a timer set on purpose for after the code's work: a task
// that sleeps first would only restate it, so it is not reported. Set before work the code still
// awaits, the block runs when the timer fires whatever that work has done, and nothing can cancel
// it: reported; the rewrite is a task the code keeps and can cancel, never a delay the code awaits.
final class Greeter {
    let center = NotificationCenter.default

    func welcome(_ name: String) async {
        await record(name)
        DispatchQueue.main.asyncAfter(deadline: .now() + 15) {
            self.center.post(name: .init("expired"), object: nil)
        }
    }

    func welcomeThenRecord(_ name: String) async {
        DispatchQueue.main.asyncAfter(deadline: .now() + 15, execute: { [weak self] in // expect: dispatch_main_in_async
            self?.center.post(name: .init("expired"), object: nil)
        })
        await record(name)
    }

    // The block is a work item built elsewhere: its captures are not visible, so no rewrite.
    func welcomeLater(_ item: DispatchWorkItem) async {
        DispatchQueue.main.asyncAfter(deadline: .now() + 15, execute: item) // expect: dispatch_main_in_async
        await record("")
    }

    // In a loop the next turn awaits again after the block.
    func welcomeAll(_ names: [String]) async {
        for name in names {
            await record(name)
            DispatchQueue.main.asyncAfter(deadline: .now() + 1) { self.center.post(name: .init(name), object: nil) } // expect: dispatch_main_in_async
        }
    }

    // Only synchronous code after it (logging, returning a value): nothing awaited.
    func welcomeBack(_ name: String) async throws -> Int {
        do {
            try await save(name)
            DispatchQueue.main.asyncAfter(deadline: .now() + 1) { [weak self] in _ = self }
        } catch {
            DispatchQueue.main.asyncAfter(deadline: .now() + 1) { [weak self] in _ = self }
        }
        print(name)
        return 1
    }

    func record(_ name: String) async {}
    func save(_ name: String) async throws {}
}

actor Session {
    func expire(_ done: @escaping @Sendable () -> Void) {
        DispatchQueue.main.asyncAfter(deadline: .now() + 60) { done() }
    }

    func expireAfterSaving(_ done: @escaping @Sendable () -> Void) async {
        DispatchQueue.main.asyncAfter(deadline: .now() + 60) { done() } // expect: dispatch_main_in_async
        await save()
    }

    func save() async {}
}

func poll(_ onTick: @escaping @Sendable () -> Void) {
    Task {
        await Task.yield()
        DispatchQueue.main.asyncAfter(deadline: .now() + 1, execute: onTick) // expect: dispatch_main_in_async
        await Task.yield()
    }
    Task {
        await Task.yield()
        DispatchQueue.main.asyncAfter(deadline: .now() + 1, execute: onTick)
    }
}

// On the main actor a delayed block is a timer on the actor the code is on: not reported.
@MainActor
final class Hint {
    func show() async {
        await Task.yield()
        DispatchQueue.main.asyncAfter(deadline: .now() + 2) { [weak self] in _ = self }
        await Task.yield()
    }
}
