import LockLintCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the language server and a lint worker (`swift-lock-lint --lsp-worker`) say to each other
/// over the worker's standard input and output.
///
/// A frame is a 4-byte little-endian length and that many bytes. In a frame, integers are 8 bytes
/// little-endian and byte strings are a length and the bytes:
///
///     server → worker   lint      1, id, path, configuration path ("" for none), configuration bytes, text
///                       cancel    2, id
///     worker → server   result    1, id, diagnostics (a count, then each one)
///                       cancelled 2, id
///
/// The server sends one lint at a time to a worker and waits for its answer (a cancel may come
/// in between); the worker answers every lint once. Decoding is total: a frame that does not
/// read as a message throws `WireError`, never traps.
enum WorkerRequest: Sendable, Equatable {
    case lint(WorkerJob)
    case cancel(id: Int)
}

/// One document to lint, with the configuration file that governs it (the bytes the server
/// read and checked, so both sides see the same settings).
struct WorkerJob: Sendable, Equatable {
    var id: Int
    var path: String
    var configurationPath: String?
    var configuration: [UInt8]
    var text: [UInt8]
}

enum WorkerReply: Sendable, Equatable {
    case result(id: Int, diagnostics: [Diagnostic])
    case cancelled(id: Int)

    var id: Int {
        switch self {
        case .result(let id, _), .cancelled(let id): id
        }
    }
}

struct WireError: Error, Equatable {
    var what: String
}

extension WorkerRequest {
    var frame: [UInt8] {
        var w = WireWriter()
        switch self {
        case .lint(let job):
            w.int(1)
            w.int(job.id)
            w.string(job.path)
            w.string(job.configurationPath ?? "")
            w.bytes(job.configuration)
            w.bytes(job.text)
        case .cancel(let id):
            w.int(2)
            w.int(id)
        }
        return w.frame
    }

    init(decoding payload: [UInt8]) throws(WireError) {
        var r = WireReader(payload)
        switch try r.int() {
        case 1:
            let id = try r.int()
            let path = try r.string()
            let configurationPath = try r.string()
            let configuration = try r.bytes()
            let text = try r.bytes()
            self = .lint(WorkerJob(id: id, path: path, configurationPath: configurationPath.isEmpty ? nil : configurationPath,
                                   configuration: configuration, text: text))
        case 2:
            self = .cancel(id: try r.int())
        case let kind:
            throw WireError(what: "unknown request kind \(kind)")
        }
        try r.expectEnd()
    }
}

extension WorkerReply {
    var frame: [UInt8] {
        var w = WireWriter()
        switch self {
        case .result(let id, let diagnostics):
            w.int(1)
            w.int(id)
            w.int(diagnostics.count)
            for d in diagnostics { w.diagnostic(d) }
        case .cancelled(let id):
            w.int(2)
            w.int(id)
        }
        return w.frame
    }

    init(decoding payload: [UInt8]) throws(WireError) {
        var r = WireReader(payload)
        switch try r.int() {
        case 1:
            let id = try r.int()
            let count = try r.count()
            var diagnostics: [Diagnostic] = []
            for _ in 0..<count { diagnostics.append(try r.diagnostic()) }
            self = .result(id: id, diagnostics: diagnostics)
        case 2:
            self = .cancelled(id: try r.int())
        case let kind:
            throw WireError(what: "unknown reply kind \(kind)")
        }
        try r.expectEnd()
    }
}

/// Builds one frame.
struct WireWriter {
    /// The frame so far; its first 4 bytes are the length, filled in by `frame`.
    private var buffer: [UInt8] = [0, 0, 0, 0]

    mutating func int(_ v: Int) {
        let u = UInt64(bitPattern: Int64(v))
        for k in 0..<8 { buffer.append(UInt8(truncatingIfNeeded: u >> (8 * UInt64(k)))) }
    }

    mutating func bytes(_ b: [UInt8]) {
        int(b.count)
        buffer.append(contentsOf: b)
    }

    mutating func string(_ s: String) {
        int(s.utf8.count)
        buffer.append(contentsOf: s.utf8)
    }

    mutating func location(_ l: SourceLocation) {
        int(l.line)
        int(l.column)
    }

    mutating func diagnostic(_ d: Diagnostic) {
        string(d.ruleID)
        string(d.severity.rawValue)
        string(d.message)
        string(d.path)
        location(d.location)
        int(d.offset)
        int(d.endLocation == nil ? 0 : 1)
        if let end = d.endLocation { location(end) }
        int(d.notes.count)
        for n in d.notes {
            string(n.path)
            location(n.location)
            string(n.message)
        }
        string(d.fixIt.message)
        string(d.fixIt.applicability.rawValue)
        int(d.fixIt.edits.count)
        for e in d.fixIt.edits {
            int(e.range.lowerBound)
            int(e.range.upperBound)
            string(e.replacement)
        }
    }

    /// The finished frame: the payload's length, then the payload.
    var frame: [UInt8] {
        var out = buffer
        let n = UInt32(truncatingIfNeeded: out.count - 4)
        for k in 0..<4 { out[k] = UInt8(truncatingIfNeeded: n >> (8 * UInt32(k))) }
        return out
    }
}

/// Reads one frame's payload; every read is bounds-checked.
struct WireReader {
    private let payload: [UInt8]
    private var position = 0

    init(_ payload: [UInt8]) { self.payload = payload }

    mutating func int() throws(WireError) -> Int {
        guard payload.count - position >= 8 else { throw WireError(what: "cut short") }
        var u: UInt64 = 0
        for k in 0..<8 { u |= UInt64(payload[position + k]) << (8 * UInt64(k)) }
        position += 8
        return Int(Int64(bitPattern: u))
    }

    /// A count of things that follow, each at least one byte: at most the bytes left.
    mutating func count() throws(WireError) -> Int {
        let n = try int()
        guard n >= 0 && n <= payload.count - position else { throw WireError(what: "bad count \(n)") }
        return n
    }

    mutating func bytes() throws(WireError) -> [UInt8] {
        let n = try count()
        defer { position += n }
        return Array(payload[position..<(position + n)])
    }

    mutating func string() throws(WireError) -> String {
        let n = try count()
        defer { position += n }
        return String(decoding: payload[position..<(position + n)], as: UTF8.self)
    }

    mutating func location() throws(WireError) -> SourceLocation {
        SourceLocation(line: try int(), column: try int())
    }

    mutating func diagnostic() throws(WireError) -> Diagnostic {
        let ruleID = try string()
        guard let severity = Severity(rawValue: try string()) else { throw WireError(what: "bad severity") }
        let message = try string()
        let path = try string()
        let location = try location()
        let offset = try int()
        let endLocation = try int() == 0 ? nil : try self.location()
        var notes: [Note] = []
        for _ in 0..<(try count()) {
            notes.append(Note(path: try string(), location: try self.location(), message: try string()))
        }
        let fixMessage = try string()
        guard let applicability = Applicability(rawValue: try string()) else { throw WireError(what: "bad applicability") }
        var edits: [Edit] = []
        for _ in 0..<(try count()) {
            let lower = try int()
            let upper = try int()
            guard 0 <= lower && lower <= upper else { throw WireError(what: "bad edit range \(lower)..<\(upper)") }
            edits.append(Edit(range: lower..<upper, replacement: try string()))
        }
        return Diagnostic(ruleID: ruleID, severity: severity, message: message, path: path, location: location, offset: offset,
                          endLocation: endLocation, notes: notes, fixIt: FixIt(fixMessage, edits: edits, applicability: applicability))
    }

    func expectEnd() throws(WireError) {
        guard position == payload.count else { throw WireError(what: "\(payload.count - position) bytes left over") }
    }
}

/// Splits bytes read from a pipe into frames' payloads. Incremental and linear: consumed
/// input is dropped in bulk.
struct WireFrameReader {
    private var buffer: [UInt8] = []
    private var position = 0
    /// The largest payload accepted (the LSP transport refuses messages over 64 MB, so a
    /// document is smaller than that).
    static let maxPayload = 256 * 1024 * 1024

    /// The payloads completed by `bytes`; throws on a length over `maxPayload`.
    mutating func feed(_ bytes: ArraySlice<UInt8>) throws(WireError) -> [[UInt8]] {
        buffer.append(contentsOf: bytes)
        var payloads: [[UInt8]] = []
        while buffer.count - position >= 4 {
            var n = 0
            for k in 0..<4 { n |= Int(buffer[position + k]) << (8 * k) }
            guard n <= Self.maxPayload else { throw WireError(what: "frame of \(n) bytes") }
            guard buffer.count - position - 4 >= n else { break }
            payloads.append(Array(buffer[(position + 4)..<(position + 4 + n)]))
            position += 4 + n
        }
        if position == buffer.count {
            buffer.removeAll(keepingCapacity: buffer.count <= 1 << 20)
            position = 0
        } else if position * 2 >= buffer.count {
            buffer.removeSubrange(0..<position)
            position = 0
        }
        return payloads
    }
}

extension WireFrameReader {
    /// Reads frames from `fd` (blocking) until end of input, handing each payload to `body`,
    /// which returns false to stop. Returns nil at end of input, or why reading stopped.
    static func readFrames(_ fd: Int32, _ body: ([UInt8]) -> Bool) -> String? {
        var frames = WireFrameReader()
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let r = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if r < 0 && errno == EINTR { continue }
            if r <= 0 { return nil }
            do {
                for payload in try frames.feed(chunk[0..<r]) where !body(payload) { return "stopped" }
            } catch {
                return error.what
            }
        }
    }
}
