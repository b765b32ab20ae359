import Foundation

extension Store {
    /// Every call of these holds `lock` (in the other file): they hold it too.
    func appendItem(_ i: Int) { items.append(i) }
    func clear(keepingCapacity: Bool) { items.removeAll(keepingCapacity: keepingCapacity) }

    /// Called without the lock: its read is unguarded, and the fix goes to the caller.
    func dumpItems() { print(items) } // expect: inconsistent_locking

    /// Named as needing the lock, and never called here: the tool cannot tell, and says nothing.
    func removeAllLocked() { items.removeAll() }
}
