import Foundation

// Two methods with one full name (`entry(for:)`), told apart only by their parameter types: the
// tool cannot tell which of them a call reaches, so a finding in one never follows the calls
// of the other, nor describes the other's accesses as its path.
final class Board {
    private let queue = DispatchQueue(label: "board")
    private var cells: [Int] = []
    private var names: [String: Int] = [:]

    func store(_ v: Int, _ n: String) {
        queue.async {
            self.cells.append(v)
            self.names[n] = v
        }
    }

    func entry(for index: Int) -> Int? {
        index < cells.count ? cells[index] : nil // expect: inconsistent_locking
    }

    func entry(for name: String) -> Int? {
        names[name] // expect: inconsistent_locking
    }

    func refresh() {
        print(entry(for: "first") ?? 0)
    }

    // Quiet: on the queue.
    func dump() {
        queue.async { print(self.cells.count, self.names.count) }
    }
}
