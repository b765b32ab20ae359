import Foundation

// An actor semaphore taken with `await s.wait()` and given back with `await s.signal()` on
// every way out: the code between runs one task at a time.
actor Turnstile {
    private var value: Int
    init(value: Int) { self.value = value }
    func wait() async {}
    func signal() {}
}

final class Roster {
    private let turn = Turnstile(value: 1)
    private var names: [String] = []

    func add(_ name: String) async {
        await turn.wait()
        guard !name.isEmpty else {
            await turn.signal()
            return
        }
        names.append(name)
        await turn.signal()
    }

    func count() async -> Int {
        await turn.wait()
        let n = names.count
        await turn.signal()
        return n
    }

    func first() -> String? {
        names.first // expect: inconsistent_locking
    }
}
