import Foundation

// The call of the other overload sits in a helper that a method calls: the path still cannot
// be told to reach this overload.
final class Tally {
    private let queue = DispatchQueue(label: "tally")
    private var counts: [Int] = []
    private var labels: [String: Int] = [:]

    func add(_ n: Int, _ l: String) {
        queue.sync {
            counts.append(n)
            labels[l] = n
        }
    }

    func value(of index: Int) -> Int {
        counts[index] // expect: inconsistent_locking
    }

    func value(of label: String) -> Int {
        labels[label] ?? 0 // expect: inconsistent_locking
    }

    private func lookUp() -> Int { value(of: "total") }

    func report() {
        print(lookUp())
    }
}
