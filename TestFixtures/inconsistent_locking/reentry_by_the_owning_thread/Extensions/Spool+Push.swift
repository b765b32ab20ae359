import Foundation

// A third shape, in another file: the comparison written the other way round, through `self.`,
// in an extension of a class whose owner is set under its lock in the main declaration.
final class Spool {
    var items: [Int] = []
    var holder: Thread?
    let gate = NSLock()

    func exclusively(_ body: () -> Void) {
        gate.lock()
        defer { gate.unlock() }
        holder = Thread.current
        body()
        holder = nil
    }

    var first: Int? {
        gate.lock()
        defer { gate.unlock() }
        return items.first
    }
}

extension Spool {
    func push(_ n: Int) {
        guard Thread.current != self.holder else { // expect: inconsistent_locking
            items.append(n)
            return
        }
        gate.lock()
        items.append(n)
        gate.unlock()
    }
}
