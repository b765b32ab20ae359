import Foundation
import NIOCore

/// Property wrappers own their storage (and any synchronization): not reported.
final class Planet: Model, @unchecked Sendable { // expect: unchecked_sendable_unguarded
    @ID(key: .id) var id: UUID?
    @Field(key: "name")
    var name: String
    @Published var visible = true
    @NSCopying var copied: NSString?
    func copy(_ s: NSString) { copied = s }
}

/// Isolated to a global actor: the actor guards the state.
@MainActor
final class ViewState: @unchecked Sendable {
    var title = ""
}

final class PartlyIsolated: @unchecked Sendable { // expect: unchecked_sendable_unguarded
    @MainActor var label = ""
    var other = 0
    func reset() { other = 0 }
}

/// Closures passed to any method of a lock property run under that lock.
final class CustomLockAPI: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    func read() -> Int { lock.synchronized { value } }
    func write(_ v: Int) { lock.synchronized { value = v } }
    func bad() { value = 0 } // expect: unchecked_sendable_unguarded
}

/// A SwiftNIO channel confined to its event loop: loop-local state is not reported; state that
/// is also read under the lock is shared, so its unguarded accesses are.
final class LoopChannel: @unchecked Sendable {
    let eventLoop: EventLoop
    private let lock = NIOLock()
    private var pending: [Int] = []
    private var sharedAddress: String?

    init(eventLoop: EventLoop) { self.eventLoop = eventLoop }

    func write(_ v: Int) {
        eventLoop.assertInEventLoop()
        pending.append(v)
        sharedAddress = "x" // expect: unchecked_sendable_unguarded
    }

    var address: String? { lock.withLock { sharedAddress } }
}

/// Documented invariants: protection by something the class does not own is trusted; a comment
/// naming one of the class's own locks makes that the lock every access must hold.
final class Observer: @unchecked Sendable {
    private let lock = NSLock()
    private let reduceQueue = DispatchQueue(label: "reduce")

    /// Protected by the database writer's serialized dispatch queue.
    private var observationState = 0

    /// Protected by `reduceQueue`.
    private var reducer = 0

    private var logger = ""

    init() {}

    func databaseDidChange() {
        observationState += 1
    }

    func reduce() {
        reduceQueue.async { self.reducer += 1 }
        lock.withLock { reducer = 0 } // expect: unchecked_sendable_unguarded
    }

    func log() {
        // Never written after init: reads cannot race.
        print(logger)
        lock.withLock { print(logger) }
    }
}

/// An event-loop-confined class with no lock at all is serialized by its loop.
final class ChildChannel {
    private var state = 0
    func write() {
        self.eventLoop.preconditionInEventLoop()
        state += 1
    }
}
extension ChildChannel: @unchecked Sendable {}
