import Foundation

// A delayed block sent from async code runs later while the code goes on. The rewrite keeps that:
// a task of its own sleeps first; the code around never awaits the delay (its callers would wait
// for the whole delay too).
final class Greeter {
    let center = NotificationCenter.default

    func welcome(_ name: String) async {
        await record(name)
        DispatchQueue.main.asyncAfter(deadline: .now() + 15) { // expect: dispatch_main_in_async
            self.center.post(name: .init("expired"), object: nil)
        }
    }

    func welcomeWeakly(_ name: String) async {
        await record(name)
        DispatchQueue.main.asyncAfter(deadline: .now() + 15, execute: { [weak self] in // expect: dispatch_main_in_async
            self?.center.post(name: .init("expired"), object: nil)
        })
    }

    // The block is a work item built elsewhere: its captures are not visible, so no rewrite.
    func welcomeLater(_ item: DispatchWorkItem) async {
        await record("")
        DispatchQueue.main.asyncAfter(deadline: .now() + 15, execute: item) // expect: dispatch_main_in_async
    }

    func record(_ name: String) async {}
}

actor Session {
    func expire(_ done: @escaping @Sendable () -> Void) {
        DispatchQueue.main.asyncAfter(deadline: .now() + 60) { done() } // expect: dispatch_main_in_async
    }
}

func poll(_ onTick: @escaping @Sendable () -> Void) {
    Task {
        await Task.yield()
        DispatchQueue.main.asyncAfter(deadline: .now() + 1, execute: onTick) // expect: dispatch_main_in_async
        await Task.yield()
    }
}

// On the main actor a delayed block is a timer on the actor the code is on: not reported.
@MainActor
final class Hint {
    func show() async {
        await Task.yield()
        DispatchQueue.main.asyncAfter(deadline: .now() + 2) { [weak self] in _ = self }
    }
}
