import Foundation

// An extension of an actor declared in another file: the delayed, weakly capturing block is
// reported, and the rewrite it is told keeps `[weak self]`.
extension Downloader {
    func notifyLater() {
        DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) { [weak self] in // expect: dispatch_main_in_async
            _ = self
        }
    }

    nonisolated func notifyFromAnywhere() {
        DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) { [weak self] in _ = self }
    }
}
