import Foundation

// A closure's own parameter named like a stored property is the parameter, whatever follows
// it in the signature (`x -> T in`, `x throws -> T in`, `x async in`); inside that closure the
// name never reaches the property.
final class Ledger {
    private let queue = DispatchQueue(label: "ledger")
    private var entries: [Int] = []

    func add(_ n: Int) {
        queue.async { self.entries.append(n) }
    }

    // Quiet: `entries` is the parameter of the mapping closure (a result type after it).
    func totals(_ groups: [[Int]]) -> [Int] {
        groups.map { entries -> Int in
            entries.reduce(0, +)
        }
    }

    // Quiet: another spelling, with `throws` between the parameter and the result type.
    func checked(_ groups: [[Int]]) throws -> [Int] {
        try groups.map { entries throws -> Int in
            guard !entries.isEmpty else { throw CocoaError(.featureUnsupported) }
            return entries.count
        }
    }

    // Fires: the closure's parameter has another name, so `entries` is the property.
    func sizes(_ groups: [[Int]]) -> [Int] {
        groups.map { group -> Int in
            group.count + self.entries.count // expect: inconsistent_locking
        }
    }

    // Fires: after the closure ends, the name is the property again.
    func lastTotal(_ groups: [[Int]]) -> Int {
        let all = groups.map { entries -> Int in entries.count }
        return all.count + entries.count // expect: inconsistent_locking
    }
}
