import Foundation

final class Store {
    private var snapshot = Snapshot()
    private let gate = Gate()

    func add(_ item: Int) {
        objc_sync_enter(snapshot) // expect: unsafe_os_lock
        snapshot.items.append(item)
        objc_sync_exit(snapshot)
    }

    func addSafely(_ item: Int) {
        objc_sync_enter(gate)
        snapshot.items.append(item)
        objc_sync_exit(gate)
    }
}
