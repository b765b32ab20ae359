import Foundation

// On the main actor a main-queue hop only runs its block later. It is reported only where the
// code right after it reads what the block sets: that read runs first and sees the old value.
@MainActor
final class CartModel {
    private var items: [String] = []
    private var total = 0
    private var badge = ""

    func add(_ item: String) {
        DispatchQueue.main.async { self.items.append(item); self.total = self.items.count } // expect: dispatch_main_in_async
        badge = "\(total)"
    }

    // Through a method of the type the block calls: it sets `total`, read after the hop.
    func reset() {
        DispatchQueue.main.async { self.recount() } // expect: dispatch_main_in_async
        if total == 0 { badge = "" }
    }

    private func recount() { total = 0 }

    // Nothing after the hop reads what the block sets: it only defers.
    func clear() {
        DispatchQueue.main.async { self.total = 0 }
        badge = ""
    }

    // The read is in another main-queue block: it runs after this one and sees its effect.
    func refresh() {
        DispatchQueue.main.async { self.total = 1 }
        DispatchQueue.main.async { self.badge = "\(self.total)" }
    }

    // The read is in a closure that runs later, not in the code that goes on at once.
    func watch(_ run: @escaping () -> Void) {
        DispatchQueue.main.async { self.total = 2 }
        schedule { print(self.total) }
    }

    // The code says the deferral is meant: the read is expected to see the value from before.
    func snapshot() {
        // Deliberately deferred to the next run-loop turn: the log below records the old total.
        DispatchQueue.main.async { self.total = 3 }
        print(total)
    }

    // A write after the hop, not a read.
    func overwrite() {
        DispatchQueue.main.async { self.total = 4 }
        total = 5
    }

    private func schedule(_ body: @escaping () -> Void) {}
}
