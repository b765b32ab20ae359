import Foundation

/// Runs the language server on standard input and output until `exit` or end of input.
enum LSPMain {
    static func run(io: IO) async -> Int32 {
        let server = LanguageServer(output: { bytes in io.out(String(decoding: bytes, as: UTF8.self)) },
                                    workers: LintWorkers(launch: .thisExecutable))
        // Standard input is read, framed and decoded on a thread of its own (blocking reads must
        // not hold a thread of the cooperative pool) and handed over, in order, through an
        // AsyncStream.
        let (stream, continuation) = AsyncStream.makeStream(of: LSPIncoming.self)
        let reader = Thread {
            var parser = LSPFrameParser()
            var chunk = [UInt8](repeating: 0, count: 65536)
            while true {
                let r = chunk.withUnsafeMutableBytes { read(0, $0.baseAddress, 65536) }
                if r < 0 && errno == EINTR { continue }
                if r <= 0 { break }
                for frame in parser.feed(Array(chunk[0..<r])) {
                    switch frame {
                    case .message(let body): continuation.yield(LSPIncoming.decode(body))
                    case .malformedHeader(let why): continuation.yield(.malformedHeader(why))
                    }
                }
            }
            continuation.finish()
        }
        reader.start()
        for await incoming in stream {
            switch incoming {
            case .message(let body):
                await server.receive(body)
            case .change(let uri, let version, let text):
                await server.receiveChange(uri: uri, version: version, text: text)
            case .open(let uri, let version, let text):
                await server.receiveOpen(uri: uri, version: version, text: text)
            case .malformedHeader(let why):
                io.out(String(decoding: LSPFraming.frame(["jsonrpc": "2.0", "id": NSNull(),
                                                          "error": ["code": -32700, "message": "Parse error: \(why)"]]), as: UTF8.self))
            }
            // `exit` has cancelled the lints in flight: return without waiting for them.
            if let code = await server.exitCode { return code }
        }
        await server.settle()
        await server.close()
        return await server.exitCode ?? 1
    }
}
