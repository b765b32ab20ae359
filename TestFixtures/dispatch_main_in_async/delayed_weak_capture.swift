import Foundation

// A delayed block that captures weakly, set before work the code still awaits: the rewrite must
// keep the weak capture (a task that awaits the delay holds what it captures for the whole wait).
// Reported; the fix-it says so. Set after the code's work, the same block is not reported.
actor Uploader {
    func finish() async {
        DispatchQueue.main.asyncAfter(deadline: .now() + 1) { [weak self] in // expect: dispatch_main_in_async
            _ = self
        }
        await flush()
    }

    func finishLater() {
        DispatchQueue.main.asyncAfter(deadline: .now() + 1) { [weak self] in _ = self }
    }

    func flush() async {}
}

final class Poller {
    var delegate: AnyObject?

    func poll() async {
        DispatchQueue.main.asyncAfter(deadline: .now() + 2, execute: { [weak self, weak delegate] in // expect: dispatch_main_in_async
            _ = (self, delegate)
        })
        await fetch()
    }

    func pollOnce() async {
        await fetch()
        DispatchQueue.main.asyncAfter(deadline: .now() + 2, execute: { [weak self, weak delegate] in _ = (self, delegate) })
    }

    func fetch() async {}
}

@globalActor actor StorageActor {
    static let shared = StorageActor()
}

@StorageActor
final class Store {
    func expire() async {
        DispatchQueue.main.asyncAfter(deadline: .now() + 5) { [unowned self] in // expect: dispatch_main_in_async
            _ = self
        }
        await Task.yield()
    }

    func expireLater() {
        DispatchQueue.main.asyncAfter(deadline: .now() + 5) { [unowned self] in _ = self }
    }
}

// On the main actor a delayed block is a timer on the actor the code is on: not reported.
@MainActor
final class Toast {
    func show() {
        DispatchQueue.main.asyncAfter(deadline: .now() + 2) { [weak self] in _ = self }
    }
}
