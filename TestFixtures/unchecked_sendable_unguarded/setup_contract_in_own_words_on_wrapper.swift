import Foundation

// The wrapper reaches its var through `self.`, and its comment states the contract as a rule
// against changing it once the engine runs: the var is set up before the engine shares it.
public final class Engine: @unchecked Sendable {
    private let lock = NSLock()
    private var _limit = 4
    private var _label = ""
    private var running: [Int] = []

    /// The most jobs at once. Not thread-safe to change after run().
    public var limit: Int {
        get { return self._limit }
        set { self._limit = newValue }
    }

    /// A name for logs.
    public var label: String {
        get { return self._label }
        set { self._label = newValue } // expect: unchecked_sendable_unguarded
    }

    public func run() {
        DispatchQueue.global().async {
            self.lock.lock()
            defer { self.lock.unlock() }
            self.running.append(self._limit)
            self.running.append(self._label.count)
        }
    }
}
