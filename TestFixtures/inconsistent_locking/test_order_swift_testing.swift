import Testing
import Foundation

// The same order in a Swift Testing suite: a group joins the work that enters and leaves it.
final class LedgerSuite {
    let books = NSLock()
    var entries = 0

    @Test func postingsAreJoined() {
        entries = 0
        let group = DispatchGroup()
        for _ in 0..<4 {
            group.enter()
            DispatchQueue.global().async {
                self.books.withLock { self.entries += 1 }
                group.leave()
            }
        }
        group.wait()
        #expect(entries == 4)
    }

    @Test func readWhileThePostingsRun() {
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) {
            self.books.withLock { self.entries += 1 }
        }
        #expect(entries >= 0) // expect: inconsistent_locking
        group.wait()
    }

    @Test func resetAfterStarting() async {
        let worker = Task { self.books.withLock { self.entries += 1 } }
        entries = 0 // expect: inconsistent_locking
        await worker.value
    }
}
