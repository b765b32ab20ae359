import Foundation

final class Syncer {
    func kickOff() {
        Task { await self.pull() }
        Task { await self.push() }
    }

    // Awaited only by the task above, in this file and in the run: not reported.
    func pull() async {
        await transfer()
        DispatchQueue.main.async { self.didSync() }
    }

    // Also awaited in another file of the run, which may rely on its effect: reported.
    func push() async {
        await transfer()
        DispatchQueue.main.async { self.didSync() } // expect: dispatch_main_in_async
    }

    func transfer() async {}
    func didSync() {}
}
