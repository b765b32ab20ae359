import NIOCore

// A channel handler's methods are called by its channel, on the channel's one event loop: a
// class that is a handler through what it inherits from or conforms to in the run (a subclass
// of a handler class, a class conforming to a protocol that refines a handler protocol) needs
// no lock of its own for state only those methods touch. A class whose base or protocol is not
// a handler still has nothing excluding other threads.

/// A handler base class the project's decoders share.
class FrameDecoderBase: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        context.fireChannelRead(data)
    }
}

/// Shape 1: a subclass, in the same file, of a handler class.
final class CountingDecoder: FrameDecoderBase, @unchecked Sendable {
    private var frames = 0
    override func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        frames += 1
        super.channelRead(context: context, data: data)
    }
}

/// Shape 3: a protocol of the project in between, refining a handler protocol.
protocol FrameSink: ChannelOutboundHandler {}

final class CountingSink: FrameSink, @unchecked Sendable {
    typealias OutboundIn = ByteBuffer
    private var written = 0
    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        written += 1
        context.write(data, promise: promise)
    }
}

/// A protocol of the project that refines no handler protocol: no event loop calls these.
protocol LineSink: AnyObject {
    func record(_ line: String)
}

final class LineRecorder: LineSink, @unchecked Sendable { // expect: unchecked_sendable_unguarded
    private var lines: [String] = []
    func record(_ line: String) { lines.append(line) }
}
