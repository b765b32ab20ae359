import Foundation
import UIKit

// A hop to the main queue is the last thing a task does. When nobody keeps the task, nothing can
// wait for it, and `await MainActor.run { }` at the same place would behave the same: quiet.
// When the task is kept (someone may await its value), the task ends before the block runs.

final class Syncer {
    var pending: Task<Void, Never>?

    func loginFireAndForget() {
        Task {
            do {
                try await signIn()
                DispatchQueue.main.async { self.didSignIn() }
            } catch {
                DispatchQueue.main.async { self.show(error) }
            }
        }
    }

    func earlyReturn(flag: Bool) {
        _ = Task.detached {
            if flag {
                DispatchQueue.main.async { self.didSignIn() }
                return
            }
            switch await self.state() {
            case .ready:
                DispatchQueue.main.async { self.didSignIn() }
            default:
                DispatchQueue.main.async { self.show(nil) }
            }
        }
    }

    func kept() {
        pending = Task {
            await refresh()
            DispatchQueue.main.async { self.didSignIn() } // expect: dispatch_main_in_async
        }
    }

    func notLast() {
        Task {
            await refresh()
            DispatchQueue.main.async { self.didSignIn() } // expect: dispatch_main_in_async
            await upload()
        }
    }

    func inLoop(ids: [Int]) {
        Task {
            for id in ids {
                await fetch(id)
                DispatchQueue.main.async { self.didFetch(id) } // expect: dispatch_main_in_async
            }
        }
    }

    func inGroup() async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                await self.refresh()
                DispatchQueue.main.async { self.didSignIn() } // expect: dispatch_main_in_async
            }
        }
    }

    func afterDelay() {
        Task {
            await refresh()
            DispatchQueue.main.asyncAfter(deadline: .now() + 1) { self.didSignIn() } // after the task's work: quiet
        }
    }
}

// On the main actor, `DispatchQueue.main.async` only defers the block. A deferral that reads
// layout, or that a comment explains, is meant: `Task { }` would say the same. Quiet. Without
// either, the hop looks like a habit from callback code: reported.
@MainActor
final class BannerPresenter {
    let container = UIView()
    let banner = UIView()

    func addBanner() {
        container.addSubview(banner)
        DispatchQueue.main.async {
            self.container.contentInset.bottom = self.banner.frame.height
        }
    }

    func focusLater() {
        // Wait for the presentation transition to finish before focusing.
        DispatchQueue.main.async { self.banner.isHidden = false }
    }

    func refresh() {
        DispatchQueue.main.async { self.banner.isHidden = true } // quiet: on the main actor the hop only defers the block
    }
}

// A timer on the main actor runs later on the actor the code is already on: not a hop, quiet.
// A scroll deferred until new content is laid out is meant: quiet. A `Task { @MainActor in }`
// already runs on the main actor, even at its end: the hop only defers, reported as such.
@MainActor
final class Feed {
    var showBanner = false
    func flash() {
        showBanner = true
        DispatchQueue.main.asyncAfter(deadline: .now() + 2) { self.showBanner = false }
    }
    func appended(_ proxy: ScrollViewProxy) {
        DispatchQueue.main.async { proxy.scrollTo("bottom", anchor: .bottom) }
    }
}

func reloadMenu() {
    Task { @MainActor in
        let items = await loadItems()
        DispatchQueue.main.async { show(items) } // quiet: on the main actor the hop only defers the block
    }
}
