import Foundation

// An extension of an actor declared in another file: the delayed, weakly capturing block set
// before awaited work is reported, and the rewrite it is told keeps `[weak self]`; set after the
// work (or in a synchronous method, which awaits nothing), it is a timer set on purpose: quiet.
extension Downloader {
    func notifyThenFlush() async {
        DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) { [weak self] in // expect: dispatch_main_in_async
            _ = self
        }
        await flush()
    }

    func notifyLater() {
        DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) { [weak self] in _ = self }
    }

    func flushThenNotify() async {
        await flush()
        DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) { [weak self] in _ = self }
    }

    nonisolated func notifyFromAnywhere() {
        DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) { [weak self] in _ = self }
    }
}
