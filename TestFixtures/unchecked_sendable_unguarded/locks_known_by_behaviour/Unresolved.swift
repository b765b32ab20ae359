import OutsideStore

// A wrapper over a type the tool cannot see: a possible guard, never "no lock".
final class Session {
    private let store: OpaqueStore
    init(store: OpaqueStore) { self.store = store }
    func transact(_ body: () -> Void) { store.perform { body() } }
}

final class Notes: @unchecked Sendable {
    private let session: Session
    private var count = 0
    init(session: Session) { self.session = session }
    func add() { session.transact { count += 1 } }
    func reset() { count = 0 }
}

// A method that runs its closure outside any lock is no wrapper: the class has none.
final class Loader {
    private var cache: [Int] = []
    func each(_ body: (Int) -> Void) { cache.forEach { body($0) } }
}

final class Report: @unchecked Sendable { // expect: unchecked_sendable_unguarded
    private let loader = Loader()
    private var lines = 0
    func build() { loader.each { _ in lines += 1 } }
}
