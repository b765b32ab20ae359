// Quiet: the thread body reads and writes through an alias of self (`if let strongSelf = self`); the
// write through the alias is the class's own, not one through another reference.
import Foundation

final class Cond {
    private let c = NSCondition()
    func whileLocked<T>(_ body: () throws -> T) rethrows -> T {
        c.lock(); defer { c.unlock() }
        return try body()
    }
}

final class Runner {
    private var thread: Thread!
    private var cond: Cond
    private var done: Bool

    init(task: @escaping () -> Void) {
        done = false
        cond = Cond()
        let theTask = { [weak self] in
            if let strongSelf = self {
                precondition(!strongSelf.done)
                strongSelf.cond.whileLocked {
                    task()
                    strongSelf.done = true
                }
            } else {
                task()
            }
        }
        self.thread = Thread(block: theTask)
    }

    func join() {
        cond.whileLocked {
            while !done { }
        }
    }
}
