import Foundation

// A member whose comment asks to be called on the class's queue runs there: its read of a var
// the main actor writes is a read on that queue, against writes on the main actor.
final class Feed {
    private let queue = DispatchQueue(label: "feed")
    private var state = 0
    private var rows: [Int] = []

    func load(_ more: [Int]) {
        state = 1
        queue.async {
            self.rows += more
            self.refresh()
        }
    }

    // call only from the local dispatch queue
    private func refresh() {
        let loaded = state == 1 // expect: inconsistent_locking
        let count = rows.count
        DispatchQueue.main.async {
            self.state = loaded ? 2 : 0
            print(count)
        }
    }
}
