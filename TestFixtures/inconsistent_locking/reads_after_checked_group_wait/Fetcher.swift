import Foundation

// Blocks queued with `async(group:)`; a wait with a timeout orders them only where its result
// is checked as `.success`: after a `guard`, or inside the `if` that checks it.
final class PageFetcher {
    let state = NSLock()
    let work = DispatchQueue(label: "pages", attributes: .concurrent)
    var pages: [Int] = []
    var failures: [Int] = []
    var served = 0

    func fetch(_ ids: [Int]) -> [Int] {
        let group = DispatchGroup()
        for id in ids {
            work.async(group: group) {
                self.state.lock()
                defer { self.state.unlock() }
                self.pages.append(id)
                self.served += 1
            }
        }
        guard group.wait(timeout: .now() + 5) == .success else { return [] }
        print(served) // expect: inconsistent_locking
        return pages
    }

    func retry(_ ids: [Int]) -> Int {
        let group = DispatchGroup()
        for id in ids {
            work.async(group: group) {
                self.state.lock()
                defer { self.state.unlock() }
                self.failures.append(id)
            }
        }
        if group.wait(timeout: .now() + 5) == .success {
            return failures.count
        }
        return failures.count // expect: inconsistent_locking
    }
}
