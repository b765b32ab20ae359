import Foundation

/// The emulator hands itself to its decoder while it holds `lock`; the decoder calls back into
/// it through that parameter (in the other file), so the callbacks run under `lock` too.
final class Emulator {
    private let lock = NSLock()
    private let decoder = Decoder()
    var cursor = 0
    var title = ""

    func feed(_ bytes: [UInt8]) {
        lock.lock()
        defer { lock.unlock() }
        decoder.decode(bytes, self)
    }

    func snapshot() -> (Int, String) { lock.withLock { (cursor, title) } }
    func reset() { lock.withLock { cursor = 0; title = "" } }

    /// Called only by the decoder, through the instance `feed` handed it.
    func moveCursor(by n: Int) { cursor += n }
    func setTitle(_ t: String) { title = t }
}

/// The same shape, but one hand-out runs later, outside the lock: the callback can run without it.
final class Console {
    private let lock = NSLock()
    private let decoder = LineDecoder()
    var lines: [String] = []

    func feed(_ text: String) { lock.withLock { decoder.decode(text, into: self) } }

    func feedLater(_ text: String) {
        DispatchQueue.global().async { self.decoder.decode(text, into: self) }
    }

    func all() -> [String] { lock.withLock { lines } }
    func clear() { lock.withLock { lines.removeAll() } }

    func appendLine(_ l: String) { lines.append(l) } // expect: inconsistent_locking
}
