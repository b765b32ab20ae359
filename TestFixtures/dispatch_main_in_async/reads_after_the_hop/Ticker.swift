import UIKit

// A UIKit subclass is main-actor code: a Task started in it inherits the main actor.
final class TickerController: UIViewController {
    private var ticks = 0
    private var label = ""

    func tick() {
        Task {
            await Self.wait()
            DispatchQueue.main.async { self.ticks += 1 } // expect: dispatch_main_in_async
            for _ in 0..<ticks { label += "." }
        }
    }

    func rewind() {
        Task {
            await Self.wait()
            DispatchQueue.main.async { self.ticks = 0 }
            label = ""
        }
    }

    static func wait() async {}
}
