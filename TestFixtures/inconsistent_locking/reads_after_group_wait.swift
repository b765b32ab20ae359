import Foundation

// Work entered into a group writes under the lock; the function waits on the group and reads
// the results after it. The wait orders every write of the group's work before the reads: a
// var that only that work writes is read safely without the lock. A var other code also writes
// meanwhile is not, and neither is a read after a wait that may have timed out unchecked.
final class Harvester {
    private let lock = NSLock()
    private var found: [String] = []
    private var misses = 0
    private var total = 0
    private var late = 0
    private var early: [String] = []

    func harvest(_ names: [String]) -> Int {
        let group = DispatchGroup()
        for name in names {
            group.enter()
            DispatchQueue.global().async {
                self.lock.lock()
                self.found.append(name)
                self.misses += 1
                self.total += 1
                self.lock.unlock()
                group.leave()
            }
        }
        group.wait()
        print(found.count)
        print(misses)
        return total // expect: inconsistent_locking
    }

    func harvestBriefly(_ names: [String]) {
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            self.lock.lock()
            self.late += 1
            self.lock.unlock()
            group.leave()
        }
        _ = group.wait(timeout: .now() + 1)
        print(late) // expect: inconsistent_locking
    }

    func readBeforeTheWait(_ name: String) {
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) {
            self.lock.lock()
            self.early.append(name)
            self.lock.unlock()
        }
        print(early.count) // expect: inconsistent_locking
        group.wait()
    }

    func add(_ n: Int) {
        lock.lock()
        total += n
        lock.unlock()
    }
}
