import Foundation

// Changes made from another type, through a property declared of the store's type.
final class Client {
    let store: Store
    let serial = DispatchQueue(label: "client")

    init(store: Store) { self.store = store }

    func retry() {
        store.options.retries += 1 // expect: split_critical_section
    }

    // The caller's own serial queue around the change: quiet.
    func quiet() {
        serial.sync { self.store.options.verbose = true }
    }

    // Read only: quiet.
    func isVerbose() -> Bool { store.options.verbose }

    // A store this method made and has not handed anywhere yet: no other thread can reach it. Quiet.
    func makeStore() -> Store {
        let fresh = Store()
        fresh.options.retries = 3
        return fresh
    }

    // Handed out before the change: another thread may hold it (a note on line 11's finding).
    func share(_ sink: (Store) -> Void) {
        let fresh = Store()
        sink(fresh)
        fresh.options.retries += 1
    }
}
