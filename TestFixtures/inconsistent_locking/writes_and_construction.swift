import Foundation

final class Sink {
    func append(_ x: Int) {}
}

/// Quiet: calls that do not write the var (a method on a class instance it holds, an optional
/// chain that returns a new value), and a var written only while the object is built.
final class Paths {
    private let lock = NSLock()
    private var base: URL?
    private var sink = Sink()
    private var count = 0
    init(base: URL) {
        self.base = base
        configure()
    }
    private func configure() { count = 0 }
    func path(_ name: String) -> URL? { base?.appendingPathComponent(name) }
    func send(_ x: Int) { sink.append(x) }
    func bump() { lock.withLock { count += 1; sink.append(count) } }
    func read() -> Int { lock.withLock { count } }
}

/// A closure made in init and run later is not construction: its accesses are checked.
final class Subscriber {
    private let lock = NSLock()
    private var count = 0
    private var handler: (() -> Void)?
    init() {
        handler = { [weak self] in
            self?.count += 1 // expect: inconsistent_locking
        }
        DispatchQueue.main.async { self.count = 0 } // expect: inconsistent_locking
    }
    func read() -> Int { lock.withLock { count } }
    func bump() { lock.withLock { count += 1 } }
}

/// A property's observer runs when the property is written: a backing field read outside its
/// queue there races.
final class Player {
    private let queue = DispatchQueue(label: "player")
    private var _rate: Float = 1
    var rate: Float {
        get { queue.sync { _rate } }
        set { queue.async { self._rate = newValue } }
    }
    var volume: Float = 1 {
        didSet { if _rate == 0 { print("muted") } } // expect: inconsistent_locking
    }
}

/// A delegate callback reads state the class guards everywhere else.
final class Downloader: NSObject, URLSessionDataDelegate {
    private let lock = NSLock()
    private var received = 0
    func progress() -> Int { lock.withLock { received } }
    func reset() { lock.withLock { received = 0 } }
    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        received += data.count // expect: inconsistent_locking
    }
}

/// What the author says beside the code: an access documented as deliberately unlocked, and a
/// var documented as set once before the object is shared.
final class Demand {
    private let lock = NSLock()
    private var pending = 0
    /// Set once by `configure` before the first request; must not be modified afterwards.
    private var limit = 0
    private var served = 0
    func configure(_ l: Int) { limit = l }
    func request(_ n: Int) { lock.withLock { pending += n; served = min(pending, limit) } }
    func receive() -> Bool {
        // Upstream calls are serial by contract: deliberately read without the lock.
        pending > 0
    }
    func peek() -> Int { served } // expect: inconsistent_locking
}

/// One cause, one finding: a helper that reads several vars, called once without the lock
/// (and once with it), is reported at its first access, with the others as notes.
final class Mixer {
    private let lock = NSLock()
    private var gain = 1.0
    private var pan = 0.0
    private var muted = false
    func render() { lock.withLock { apply() } }
    func settingsChanged() { apply() }
    private func apply() {
        if muted { return } // expect: inconsistent_locking
        print(gain, pan)
    }
    func set(gain g: Double, pan p: Double, muted m: Bool) { lock.withLock { gain = g; pan = p; muted = m } }
}

/// Other code sets the observed var, so its observer runs.
func fadeOut(_ mixer: Mixer) { mixer.volume = 0 }
