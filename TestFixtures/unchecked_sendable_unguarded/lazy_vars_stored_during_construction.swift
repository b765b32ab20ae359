import Foundation

/// A lazy var its construction already reads (directly, or through a private helper only the
/// initializer calls) stores its initial value before the object is shared: later reads only read.
final class Call: @unchecked Sendable {
    private let lock = NSLock()
    private var state = 0
    private lazy var proximity: [Int] = { Array(repeating: 0, count: 4) }()
    private lazy var formatter = DateFormatter()

    init() {
        configure()
        _ = formatter
    }

    private func configure() {
        _ = proximity
    }

    func update(_ v: Int) {
        lock.withLock { state = v }
    }

    func near() -> Int {
        proximity.count  // Quiet: stored during construction.
    }

    func stamp() -> String {
        formatter.string(from: Date())  // Quiet: as above.
    }
}

/// Set by an assignment in the initializer: stored before the object is shared, the lazy
/// initializer never runs.
final class Session: @unchecked Sendable {
    private let lock = NSLock()
    private var requests = 0
    private lazy var headers: [String: String] = ["Accept": "*/*"]

    init(token: String) {
        self.headers = ["Authorization": token]
    }

    func send() {
        lock.withLock { requests += 1 }
        print(headers.count)  // Quiet: set during construction, only read after.
    }
}

/// Never touched during construction: the first read, from whichever thread, stores it.
final class Lobby: @unchecked Sendable {
    private let lock = NSLock()
    private var state = 0
    private lazy var seats: [Int] = [1, 2, 3]

    func update(_ v: Int) {
        lock.withLock { state = v }
    }

    func first() -> Int? {
        seats.first  // expect: unchecked_sendable_unguarded
    }

    func count() -> Int {
        seats.count
    }
}
