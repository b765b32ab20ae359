import Foundation

/// Guarded by the project's own lock type, defined in another file.
final class Sessions: @unchecked Sendable {
    private let lock = Lock()
    private var tokens: [String] = []
    func add(_ t: String) { lock.perform { tokens.append(t) } }
    func all() -> [String] { lock.perform { tokens } }
    func drop() { tokens.removeAll() } // expect: unchecked_sendable_unguarded
}

/// A closure method that is not a lock guards nothing: the class has no guard at all.
final class Memo: @unchecked Sendable { // expect: unchecked_sendable_unguarded
    private let cache = LazyCache()
    private var misses = 0
    func value(_ k: String) -> Int {
        cache.synchronizedLazy(k) {
            misses += 1
            return 1
        }
    }
}

/// Guarded through a protocol whose implementation in the run serializes.
final class Counters: @unchecked Sendable {
    private let serializer: any Serializer = QueueSerializer()
    private var counts: [String: Int] = [:]
    func bump(_ k: String) { serializer.run { counts[k, default: 0] += 1 } }
    func value(_ k: String) -> Int { serializer.run { counts[k] ?? 0 } }
    func forget(_ k: String) { counts[k] = nil } // expect: unchecked_sendable_unguarded
}

/// Guarded by a serial queue declared at module level in another file.
final class Journal: @unchecked Sendable {
    private var lines: [String] = []
    func write(_ s: String) { moduleQueue.async { self.lines.append(s) } }
    func read() -> [String] { moduleQueue.sync { lines } }
    func wipe() { lines = [] } // expect: unchecked_sendable_unguarded
}

/// Quiet: the same three guards, every access under them.
final class Tidy: @unchecked Sendable {
    private let lock = Lock()
    private let serializer: any Serializer = QueueSerializer()
    private var a = 0
    private var b = 0
    private var c = 0
    func bumpA() { lock.perform { a += 1 } }
    func readA() -> Int { lock.perform { a } }
    func bumpB() { serializer.run { b += 1 } }
    func readB() -> Int { serializer.run { b } }
    func bumpC() { moduleQueue.async { self.c += 1 } }
    func readC() -> Int { moduleQueue.sync { c } }
}

/// Quiet: an external closure method the tool cannot resolve may be a guard; the class is not
/// told it has no lock, and what runs under it is not reported.
final class Opaque: @unchecked Sendable {
    private let box = ExternalBox()
    private var state = 0
    func set(_ v: Int) { box.access { state = v } }
    func get() -> Int { box.access { state } }
}
