import Foundation

// State of a channel handler that only its channel's callbacks, and blocks handed to that
// channel's event loop, ever change: the event loop runs one of them at a time, so a check and
// an act split over two holds of the lock cannot lose an update. A write from an ordinary
// method, or a block run anywhere else, still splits them.

// Stand-ins for the event-loop library's declarations.
protocol EventLoop: AnyObject {
    func execute(_ task: @escaping () -> Void)
    func submit<T>(_ task: @escaping () throws -> T) -> T?
}
protocol Channel: AnyObject { var eventLoop: EventLoop { get } }
protocol ChannelHandlerContext: AnyObject { var eventLoop: EventLoop { get } }
protocol ChannelDuplexHandler: AnyObject {}
extension EventLoop {
    func scheduleTask(in delay: Double, _ task: @escaping () -> Void) {}
}
protocol ChannelInboundHandler: AnyObject {
    func channelRead(context: ChannelHandlerContext, data: Any)
    func channelInactive(context: ChannelHandlerContext)
}

struct Box<Value> {
    private let lock = NSLock()
    private var value: Value
    init(_ value: Value) { self.value = value }
    mutating func withLock<T>(_ body: (inout Value) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}

/// Shape 1: a list behind a getter and a setter that each lock, appended to only by a private
/// helper of the read callback.
final class PeerHandler: ChannelInboundHandler {
    private var store = Box([String]())
    private var peers: [String] {
        get { store.withLock { $0 } }
        set { store.withLock { $0 = newValue } }
    }

    func channelRead(context: ChannelHandlerContext, data: Any) {
        if let name = data as? String { learn(name) }
    }

    func channelInactive(context: ChannelHandlerContext) {}

    private func learn(_ name: String) {
        if !peers.contains(name) {
            peers.append(name)
        }
    }

    var known: Int { peers.count }
}

/// Shape 2: a check in the inactive callback and an act under the lock again; the other writers
/// hand their change to the channel's event loop (through a local, and on the member).
final class SessionHandler: ChannelInboundHandler {
    enum Phase { case open, closing, closed }
    private var phase = Box(Phase.open)
    private var channel: Channel?

    func channelRead(context: ChannelHandlerContext, data: Any) {}

    func channelInactive(context: ChannelHandlerContext) {
        let wasOpen = phase.withLock { $0 == .open }
        if wasOpen {
            phase.withLock { $0 = .closed }
        }
    }

    func close() {
        guard let loop = channel?.eventLoop else { return }
        loop.execute {
            self.phase.withLock { $0 = .closing }
        }
    }

    func reopen() {
        _ = self.channel?.eventLoop.submit {
            self.phase.withLock { $0 = .open }
        }
    }
}

/// Shape 3: the conformance declared by an extension; a retry count behind locking accessors,
/// bumped in a block the handler's context schedules on its loop and reset by a callback.
final class RetryPump {
    private var box = Box(0)
    private var retries: Int {
        get { box.withLock { $0 } }
        set { box.withLock { $0 = newValue } }
    }
    var attempts: Int { retries }
}

extension RetryPump: ChannelDuplexHandler {
    func errorCaught(context: ChannelHandlerContext, error: Error) {
        context.eventLoop.scheduleTask(in: 1) {
            self.retries += 1
        }
    }

    func handlerAdded(context: ChannelHandlerContext) {
        retries = 0
    }
}

// Near-misses that still fire.

/// An ordinary method appends too, from whatever thread calls it.
final class RosterHandler: ChannelInboundHandler {
    private var store = Box([String]())
    private var names: [String] {
        get { store.withLock { $0 } }
        set { store.withLock { $0 = newValue } }
    }

    func channelRead(context: ChannelHandlerContext, data: Any) {
        if let name = data as? String { add(name) }
    }

    func channelInactive(context: ChannelHandlerContext) {}

    private func add(_ name: String) {
        names.append(name) // expect: split_critical_section
    }

    func seed(_ name: String) { names.append(name) }
}

/// One writer changes the phase on the calling thread, not on the event loop.
final class LinkHandler: ChannelInboundHandler {
    enum Phase { case open, closed }
    private var phase = Box(Phase.open)
    private var channel: Channel?

    func channelRead(context: ChannelHandlerContext, data: Any) {}

    func channelInactive(context: ChannelHandlerContext) {
        let wasOpen = phase.withLock { $0 == .open }
        if wasOpen {
            phase.withLock { $0 = .closed } // expect: split_critical_section
        }
    }

    func reopen() {
        channel?.eventLoop.execute {
            self.phase.withLock { $0 = .open }
        }
    }

    func forceClose() {
        phase.withLock { $0 = .closed }
    }
}

/// The same callbacks in a type that is not a channel handler: nothing says where they run.
final class Relay {
    enum Phase { case open, closed }
    private var phase = Box(Phase.open)

    func channelInactive(context: ChannelHandlerContext) {
        let wasOpen = phase.withLock { $0 == .open }
        if wasOpen {
            phase.withLock { $0 = .closed } // expect: split_critical_section
        }
    }

    func channelRead(context: ChannelHandlerContext, data: Any) {
        phase.withLock { $0 = .open }
    }
}

/// The block runs on a loop the handler made up, not on its channel's.
final class Prober: ChannelDuplexHandler {
    private var box = Box(0)
    private var probes: Int {
        get { box.withLock { $0 } }
        set { box.withLock { $0 = newValue } }
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        probes = 0
    }

    func probe(on loop: EventLoop) {
        loop.execute {
            self.probes += 1 // expect: split_critical_section
        }
    }
}
