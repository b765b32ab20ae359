import Foundation

/// A recorder whose state lives on `work`. Helpers called from blocks on `work` and from
/// deinit are guarded by where they are called; a callback registered after the state it reads
/// was set up sees that state (the registration orders it), but state it changes itself races.
final class Recorder: @unchecked Sendable {
    private let work = DispatchQueue(label: "recorder")
    private var file: FileHandle?
    private var format: Int = 0
    private var elapsed: Double = 0
    private var source: Source?

    deinit {
        closeFile()
    }

    func start() {
        work.async { [weak self] in
            guard let self else { return }
            self.format = 48_000
            self.elapsed = 0
            let source = Source()
            self.source = source
            source.onBuffer { [weak self] frames in
                self?.consume(frames)
            }
        }
    }

    func stop() {
        work.async { [weak self] in
            self?.closeFile()
        }
    }

    private func closeFile() {
        file = nil
        source = nil
    }

    private func consume(_ frames: Int) {
        let seconds = Double(frames) / Double(format)
        elapsed += seconds // expect: unchecked_sendable_unguarded
    }

    func progress() -> Double {
        work.sync { elapsed }
    }
}

/// The callback reads a var that is written again after the callback is installed: the later
/// write races with the callback's read.
final class Meter: @unchecked Sendable {
    private let work = DispatchQueue(label: "meter")
    private var scale: Int = 1
    private var source: Source?

    func start() {
        work.async { [weak self] in
            guard let self else { return }
            let source = Source()
            self.source = source
            source.onBuffer { [weak self] frames in
                self?.show(frames)
            }
            self.scale = 2
        }
    }

    private func show(_ frames: Int) {
        print(frames * scale) // expect: unchecked_sendable_unguarded
    }
}

/// A key that is only handed to C functions by address after init: `&key` to an imported
/// function may be a `const` pointer, so it is not taken for a write.
final class KeyBox: @unchecked Sendable {
    private var key = c_key_t()
    private var uses = 0

    init(seed: Int) {
        c_key_init(&key, Int32(seed))
    }

    func sign(_ data: [UInt8]) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: 64)
        c_key_sign(&out, &key, data, data.count)
        return out
    }
}

/// The same, but the class also counts its uses without a lock.
final class CountingKeyBox: @unchecked Sendable { // expect: unchecked_sendable_unguarded
    private var key = c_key_t()
    private var uses = 0

    func sign(_ data: [UInt8]) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: 64)
        c_key_sign(&out, &key, data, data.count)
        uses += 1
        return out
    }
}

enum Frames {
    /// A private box made per stream and used only by the stream's element producer: the single
    /// consumer asks for one element at a time.
    static func numbered(_ base: AsyncStream<Int>) -> AsyncStream<Int> {
        let box = Counter(base)
        return AsyncStream<Int> {
            await box.next()
        }
    }

    static func checked(_ base: AsyncStream<Int>) -> AsyncCompactMapSequence<AsyncStream<Int>, Int> {
        let tracker = Tracker()
        return base.compactMap(tracker.accept)
    }

    /// The same kind of box used by two streams at once: nothing serializes their calls.
    static func shared(_ a: AsyncStream<Int>, _ b: AsyncStream<Int>) -> (AsyncCompactMapSequence<AsyncStream<Int>, Int>, AsyncCompactMapSequence<AsyncStream<Int>, Int>) {
        let both = Pairing()
        return (a.compactMap(both.accept), b.compactMap(both.accept))
    }

    private final class Counter: @unchecked Sendable {
        private var iterator: AsyncStream<Int>.AsyncIterator
        private var count = 0
        init(_ base: AsyncStream<Int>) { iterator = base.makeAsyncIterator() }
        func next() async -> Int? {
            guard let value = await iterator.next() else { return nil }
            count += 1
            return value + count
        }
    }

    private final class Tracker: @unchecked Sendable {
        private var last: Int?
        @Sendable func accept(_ value: Int) -> Int? {
            defer { last = value }
            return last == value ? nil : value
        }
    }

    private final class Pairing: @unchecked Sendable { // expect: unchecked_sendable_unguarded
        private var last: Int?
        @Sendable func accept(_ value: Int) -> Int? {
            defer { last = value }
            return last == value ? nil : value
        }
    }
}
