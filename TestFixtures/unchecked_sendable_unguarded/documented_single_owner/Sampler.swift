import Foundation

// A doc comment that says each instance has one owner (a task, a request) is the author's word
// on what the tool cannot see, as the fix-it asks: the class is not reported.

/// Token sampler with a seedable generator.
///
/// Thread safety: each generation task creates its own sampler; the instance is single-owner,
/// so `state` is never accessed concurrently.
public final class Sampler: @unchecked Sendable {
    private var state: UInt64 = 1
    public func next() -> UInt64 {
        state = state &* 6364136223846793005 &+ 1
        return state
    }
}

/// Decoder cache. Caches are never shared across concurrent tasks.
public final class DecoderCache: @unchecked Sendable {
    public var length = 0
    public func grow() { length += 1 }
}

/// Position tracker for the renderer.
public final class Tracker: @unchecked Sendable { // expect: unchecked_sendable_unguarded
    public var position = 0
    public func advance() { position += 1 }
}

/// Scratch buffers of one worker; each worker owns one, and it is never used concurrently.
@available(macOS 13, iOS 16, *)
public final class Scratch: @unchecked Sendable {
    public var bytes: [UInt8] = []
    public func reset() { bytes.removeAll() }
}
