import Foundation

// A main-actor extension in another file: the guarded helper is judged like the rest.
@MainActor
extension Store {
    func replace(_ new: [String]) {
        if Thread.isMainThread { items = new } else { replaceOnMain(new) }
    }

    private func replaceOnMain(_ new: [String]) {
        DispatchQueue.main.sync { self.items = new }
    }

    func clear() {
        DispatchQueue.main.sync { self.items = [] } // expect: queue_sync_reentrancy
    }
}
