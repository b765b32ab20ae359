import Foundation

// Another spelling: a lock, a lazy formatter read under it, then a callback made after that read
// (two closures deep) reads it again.
final class Formatting: @unchecked Sendable {
    let lock = NSLock()
    private var pending: [Date] = []
    lazy var formatter = DateFormatter()
    var notify: (@Sendable (@escaping @Sendable () -> String) -> Void)?

    func add(_ date: Date) {
        lock.withLock {
            pending.append(date)
            let style = formatter.dateStyle
            guard let notify else { return }
            notify {
                let render = { self.formatter.string(from: date) + "\(style)" }
                return render()
            }
        }
    }

    func flush() -> [Date] {
        lock.withLock {
            defer { pending.removeAll() }
            return pending
        }
    }
}
