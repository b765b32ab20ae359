import Foundation

/// One block per source, submitted in a loop: the blocks run side by side.
final class Pollers: @unchecked Sendable {  // expect: unchecked_sendable_unguarded
    private var last: String?

    init(sources: [String]) {
        for source in sources {
            DispatchQueue.global().async { [weak self] in
                self?.last = source
            }
        }
    }
}

/// A thread the initializer starts keeps its handle; only that thread's body touches it.
final class Ticker: @unchecked Sendable {  // Quiet: written and read only by the one thread's body.
    private var ticks = 0

    init() {
        Thread {
            while true {
                self.ticks += 1
                if self.ticks > 10 { break }
            }
        }.start()
    }
}
