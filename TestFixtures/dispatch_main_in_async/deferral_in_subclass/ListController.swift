import Foundation

// Main-actor only through its superclass, declared in another file: its async methods and tasks
// run on the main actor, and the same evidence of a needed deferral counts.
final class ListController: BaseListController {
    private var reloadQueued = false

    func setNeedsReload() async {
        guard !reloadQueued else { return }
        reloadQueued = true
        DispatchQueue.main.async {
            self.reloadQueued = false
            self.reloadData()
        }
    }

    /// Selection changes are applied on the next run-loop turn, after the table finishes its own update.
    func select() async {
        DispatchQueue.main.async { self.reloadData() }
    }

    func deselect() {
        Task {
            await self.prepare()
            DispatchQueue.main.async { self.reloadData() } // quiet: on the main actor the hop only defers the block
        }
    }

    func prepare() async {}
}
