import NIOCore

// The callbacks of a future run on its event loop: a promise's `futureResult` on the loop it
// was made on, `closeFuture` on the channel's. The class's state is otherwise touched on that
// loop (`eventLoop.execute`). The tool cannot tell which loop a callback's future belongs to in
// general, so what the callbacks touch is neither guarded nor unguarded.
final class Connection: @unchecked Sendable {
    let channel: Channel
    private var eventLoop: EventLoop { channel.eventLoop }
    private var secured: EventLoopPromise<Void>
    private var status = 0
    private var streams: [Int] = []

    init(channel: Channel) {
        self.channel = channel
        self.secured = channel.eventLoop.makePromise(of: Void.self)
        self.channel.closeFuture.whenComplete { [weak self] _ in
            self?.status = 3
            self?.streams.removeAll()
        }
    }

    func start() {
        secured.futureResult.whenSuccess { [weak self] in
            self?.status = 1
        }
        eventLoop.execute {
            self.status = 0
            self.streams.append(0)
        }
    }

    func open(_ id: Int) {
        eventLoop.execute { self.streams.append(id) }
    }

    var isOpen: Bool {
        eventLoop.execute { print(self.status) }
        return true
    }

    // Fires: a public method that touches the streams off the loop.
    func forget(_ id: Int) {
        streams.removeAll { $0 == id } // expect: unchecked_sendable_unguarded
    }
}
