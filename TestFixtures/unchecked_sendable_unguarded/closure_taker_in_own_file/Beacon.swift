import Foundation

protocol BeaconObserver: AnyObject {
    func beacon(_ beacon: Beacon, didPing count: Int)
    func beacon(_ beacon: Beacon, didEcho count: Int)
    func beacon(_ beacon: Beacon, didFade count: Int)
}

// Calls its observers only inside main-queue blocks, through the helpers of another file.
final class Beacon: @unchecked Sendable {
    private let lock = NSLock()
    private var observers: [BeaconObserver] = []

    func add(_ o: BeaconObserver) { lock.withLock { observers.append(o) } }

    func ping() {
        let list = lock.withLock { observers }
        DispatchQueue.main.async {
            visitAll(list) { $0.beacon(self, didPing: 1) }
        }
    }

    func echo() {
        let list = lock.withLock { observers }
        DispatchQueue.main.async {
            list.visitEach { $0.beacon(self, didEcho: 1) }
        }
    }

    // The helper keeps the closure and the kept one is called off the main queue.
    func fade() -> () -> Void {
        let list = lock.withLock { observers }
        var later: () -> Void = {}
        DispatchQueue.main.async {
            later = list.visitLater { $0.beacon(self, didFade: 1) }
        }
        return later
    }
}

// Its only mutator is called through a helper that runs its closure on the spot, inside a
// main-queue block: main-confined.
final class PingCount: BeaconObserver, @unchecked Sendable {
    private var pings = 0
    func beacon(_ beacon: Beacon, didPing count: Int) { pings += count }
    func beacon(_ beacon: Beacon, didEcho count: Int) {}
    func beacon(_ beacon: Beacon, didFade count: Int) {}
}

// The same through an extension method of another file.
final class EchoCount: BeaconObserver, @unchecked Sendable {
    private var echoes = 0
    func beacon(_ beacon: Beacon, didPing count: Int) {}
    func beacon(_ beacon: Beacon, didEcho count: Int) { echoes += count }
    func beacon(_ beacon: Beacon, didFade count: Int) {}
}

// Its mutator is called through a helper that keeps the closure: not known to run on main.
final class FadeCount: BeaconObserver, @unchecked Sendable { // expect: unchecked_sendable_unguarded
    private var fades = 0
    func beacon(_ beacon: Beacon, didPing count: Int) {}
    func beacon(_ beacon: Beacon, didEcho count: Int) {}
    func beacon(_ beacon: Beacon, didFade count: Int) { fades += count }
}
