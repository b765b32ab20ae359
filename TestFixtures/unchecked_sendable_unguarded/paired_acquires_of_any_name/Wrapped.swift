// A third shape: the pair is called on a member of a stored holder, behind a protocol.
protocol Exclusive: AnyObject {
    func enterLock()
    func enterUnlock()
}

final class Holder {
    let door: any Exclusive
    init(door: any Exclusive) { self.door = door }
}

final class Roster: @unchecked Sendable {
    private let holder: Holder
    private var names: [String] = []
    init(holder: Holder) { self.holder = holder }

    func add(_ name: String) {
        holder.door.enterLock()
        defer { holder.door.enterUnlock() }
        names.append(name)
    }

    func all() -> [String] {
        holder.door.enterLock()
        defer { holder.door.enterUnlock() }
        return names
    }

    func count() -> Int {
        names.count // expect: unchecked_sendable_unguarded
    }
}
