import Foundation

// A hop that is the last step of an async function whose only callers are tasks nobody keeps,
// which end with the call: nothing waits for what the function does last. Not reported.
final class FeedLoader {
    private var loading: Task<Void, Never>?

    func start() {
        Task { await self.refresh() }
    }

    private func refresh() async {
        await fetch()
        DispatchQueue.main.async { self.render() }
    }

    func reloadOnAppear() {
        Task {
            await reload(force: true)
        }
    }

    func reload(force: Bool) async {
        await fetch()
        if force {
            DispatchQueue.main.async { self.render() }
        } else {
            DispatchQueue.main.async { self.clear() }
        }
    }

    // Kept: whoever awaits `loading` expects the effect to be there.
    func startKept() {
        loading = Task { await self.sync() }
    }

    private func sync() async {
        await fetch()
        DispatchQueue.main.async { self.render() } // expect: dispatch_main_in_async
    }

    // Not the task's last step: the code after the call may rely on the hop.
    func startThenLog() {
        Task {
            await self.prefetch()
            self.log()
        }
    }

    private func prefetch() async {
        await fetch()
        DispatchQueue.main.async { self.render() } // expect: dispatch_main_in_async
    }

    // Not the function's last step.
    func startRefill() {
        Task { await refill() }
    }

    private func refill() async {
        DispatchQueue.main.async { self.render() } // expect: dispatch_main_in_async
        await fetch()
    }

    // Through a wrapper whose last step is the call, itself only the last step of an unkept task.
    func appear() {
        Task { await self.reloadAll() }
    }

    private func reloadAll() async {
        await fetch()
        await redraw()
    }

    private func redraw() async {
        DispatchQueue.main.async { self.render() }
    }

    // The wrapper does more after the call: reported.
    func disappear() {
        Task { await self.saveAll() }
    }

    private func saveAll() async {
        await persist()
        log()
    }

    private func persist() async {
        DispatchQueue.main.async { self.clear() } // expect: dispatch_main_in_async
    }

    // Also awaited by another type of this file: reported.
    func kick() {
        Task { await reloadVisible() }
    }

    func reloadVisible() async {
        await fetch()
        DispatchQueue.main.async { self.render() } // expect: dispatch_main_in_async
    }

    func fetch() async {}
    func render() {}
    func clear() {}
    func log() {}
}

final class FeedScreen {
    let loader = FeedLoader()

    func show() async {
        await loader.reloadVisible()
        print("shown")
    }
}
