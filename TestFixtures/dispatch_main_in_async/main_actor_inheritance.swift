import UIKit

// A UIKit subclass is isolated to the main actor: its Task bodies and async methods already run
// there, so a main-queue hop only defers the block.
final class FeedController: UIViewController {
    func refresh() {
        Task {
            DispatchQueue.main.async { self.title = "Feed" } // quiet: on the main actor the hop only defers the block
        }
    }

    func reload() async {
        DispatchQueue.main.async { self.view.setNeedsLayout() } // quiet: on the main actor the hop only defers the block
    }
}
