import Foundation

// A lazy var's first read stores its initial value: a write. In a class that claims Sendable and
// keeps a lock, a lazy var read outside the lock can be made and stored by two threads at once.
final class Renderer: @unchecked Sendable {
    private let lock = NSLock()
    private var pending: [String] = []
    private lazy var formatter: DateFormatter = {
        let f = DateFormatter()
        f.dateFormat = "HH:mm"
        return f
    }()
    lazy var cache = NSCache<NSString, NSString>()

    func stamp(_ date: Date) -> String {
        formatter.string(from: date) // expect: unchecked_sendable_unguarded
    }

    func remember(_ key: String) -> NSString? {
        self.cache.object(forKey: key as NSString) // expect: unchecked_sendable_unguarded
    }

    func add(_ line: String) { lock.withLock { pending.append(line) } }
}

// Read only under the lock: quiet.
final class Ticker: @unchecked Sendable {
    private let lock = NSLock()
    private lazy var calendar = Calendar(identifier: .gregorian)

    func day(_ date: Date) -> Int {
        lock.lock()
        defer { lock.unlock() }
        return calendar.component(.day, from: date)
    }
}

// Read only during construction: quiet.
final class Setup: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    private lazy var label = "setup"

    init() { print(label) }

    func bump() { lock.withLock { count += 1 } }
}

// Not claimed Sendable: nothing says it is shared. Quiet.
final class Local {
    private let lock = NSLock()
    private var count = 0
    private lazy var formatter = NumberFormatter()

    func text(_ n: Int) -> String? { formatter.string(from: NSNumber(value: n)) }
    func bump() { lock.withLock { count += 1 } }
}

// Main-actor code: one thread. Quiet.
final class Screen: @unchecked Sendable {
    private let lock = NSLock()
    private var taps = 0
    private lazy var title = "Screen"

    @MainActor func show() { print(title) }
    func tap() { lock.withLock { taps += 1 } }
}
