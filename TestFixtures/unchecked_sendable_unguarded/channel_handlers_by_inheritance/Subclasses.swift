import NIOCore

/// Shape 2: subclasses, in another file, of the handler class (one through a class in between).
final class LengthDecoder: FrameDecoderBase, @unchecked Sendable {
    private var pending: [UInt8] = []
    override func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        pending.append(0)
        super.channelRead(context: context, data: data)
    }
}

class TimedDecoder: FrameDecoderBase {}

final class ExpiringDecoder: TimedDecoder, @unchecked Sendable {
    private var lastRead = 0
    override func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        lastRead += 1
    }
}

/// A subclass of a plain base class: nothing excludes other threads from its state.
class Meter {}

final class Tally: Meter, @unchecked Sendable { // expect: unchecked_sendable_unguarded
    private var count = 0
    func bump() { count += 1 }
}
