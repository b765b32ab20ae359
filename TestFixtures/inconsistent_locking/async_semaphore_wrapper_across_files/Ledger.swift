import Foundation

final class Ledger {
    private let serial = Serializer()
    private var entries: [Int] = []

    func record(_ n: Int) async {
        await serial.run { self.entries.append(n) }
    }

    func sum() async -> Int {
        await serial.run { self.entries.reduce(0, +) }
    }

    func last() -> Int? {
        entries.last // expect: inconsistent_locking
    }
}
