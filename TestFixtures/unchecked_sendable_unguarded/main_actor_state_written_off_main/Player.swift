import Foundation

// State the class keeps on the main thread, written in a block on a global queue or on a
// thread of its own: never the main thread. (Code with no sign of where it runs is left
// alone: it may be a UIKit callback on main.)
final class Player: @unchecked Sendable {
    private var title = ""

    func show(_ t: String) {
        DispatchQueue.main.async { self.title = t }
    }

    @MainActor var caption: String { title }

    // Fires: a global queue's block.
    func load(_ url: URL) {
        DispatchQueue.global(qos: .userInitiated).async {
            self.title = url.lastPathComponent // expect: unchecked_sendable_unguarded
        }
    }

    // Quiet: `sync` runs the block on the calling thread, which may be the main one.
    func rename(_ t: String) {
        DispatchQueue.global().sync {
            self.title = t
        }
    }

    // Quiet: hops back to main inside the global block.
    func reload(_ url: URL) {
        DispatchQueue.global().async {
            let name = url.lastPathComponent
            DispatchQueue.main.async { self.title = name }
        }
    }
}
