import Foundation

/// Runs the language server on standard input and output until `exit` or end of input.
enum LSPMain {
    static func run(io: IO) async -> Int32 {
        let server = LanguageServer(output: { bytes in io.out(String(decoding: bytes, as: UTF8.self)) })
        // Standard input is read on a thread of its own (blocking reads must not hold a thread
        // of the cooperative pool) and handed over, in order, through an AsyncStream.
        let (stream, continuation) = AsyncStream.makeStream(of: [UInt8].self)
        let reader = Thread {
            var chunk = [UInt8](repeating: 0, count: 65536)
            while true {
                let r = chunk.withUnsafeMutableBytes { read(0, $0.baseAddress!, 65536) }
                if r < 0 && errno == EINTR { continue }
                if r <= 0 { break }
                continuation.yield(Array(chunk[0..<r]))
            }
            continuation.finish()
        }
        reader.start()
        var parser = LSPFrameParser()
        for await bytes in stream {
            for frame in parser.feed(bytes) {
                switch frame {
                case .message(let body):
                    await server.receive(body)
                case .malformedHeader(let why):
                    io.out(String(decoding: LSPFraming.frame(["jsonrpc": "2.0", "id": NSNull(),
                                                              "error": ["code": -32700, "message": "Parse error: \(why)"]]), as: UTF8.self))
                }
                // `exit` has cancelled the lints in flight: return without waiting for them.
                if let code = await server.exitCode { return code }
            }
        }
        await server.settle()
        return await server.exitCode ?? 1
    }
}
