import Foundation

// A delayed block that captures weakly: the rewrite must keep the weak capture (a task that awaits
// the delay holds what it captures for the whole wait). Reported; the fix-it says so.
actor Uploader {
    func finish() {
        DispatchQueue.main.asyncAfter(deadline: .now() + 1) { [weak self] in // expect: dispatch_main_in_async
            _ = self
        }
    }
}

final class Poller {
    var delegate: AnyObject?

    func poll() async {
        await fetch()
        DispatchQueue.main.asyncAfter(deadline: .now() + 2, execute: { [weak self, weak delegate] in // expect: dispatch_main_in_async
            _ = (self, delegate)
        })
    }

    func fetch() async {}
}

@globalActor actor StorageActor {
    static let shared = StorageActor()
}

@StorageActor
final class Store {
    func expire() {
        DispatchQueue.main.asyncAfter(deadline: .now() + 5) { [unowned self] in // expect: dispatch_main_in_async
            _ = self
        }
    }
}

// On the main actor a delayed block is a timer on the actor the code is on: not reported.
@MainActor
final class Toast {
    func show() {
        DispatchQueue.main.asyncAfter(deadline: .now() + 2) { [weak self] in _ = self }
    }
}
