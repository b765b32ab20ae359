import Foundation

// Only an initializer (and deinit) builds the object. A public method named like set-up can be
// called at any time, from any thread, after the object is shared: its writes are judged like
// any other method's.
public final class Engine: @unchecked Sendable {
    private let lock = NSLock()
    private var handler: ((Int) -> Void)?
    private var limit = 0
    private var label = ""

    public init(label: String) {
        configure(label)
    }

    // Quiet: called only from init, so it runs while the object is being built.
    private func configure(_ l: String) {
        label = l
    }

    public func setUp(limit: Int) {
        self.limit = limit // expect: unchecked_sendable_unguarded
    }

    public func setup(_ h: @escaping (Int) -> Void) {
        handler = h // expect: unchecked_sendable_unguarded
    }

    public func fire(_ x: Int) {
        lock.lock()
        let h = handler
        let l = limit
        let n = label
        lock.unlock()
        if x < l { h?(x) }
        print(n)
    }

    public func change(_ l: Int) { lock.withLock { limit = l; handler = nil; label = "" } }
}
