import Foundation

/// Language Server Protocol framing: `Content-Length: N\r\n\r\n` followed by N bytes of JSON.
/// The parser is incremental (feed it whatever bytes arrive), linear in the bytes fed, and total:
/// headers may end lines with CRLF or LF alone; a header it cannot use (no or a misspelled
/// `Content-Length`, a length over `maxFrame`, a line that is not `Name: value`, no blank line
/// within `maxHeader` bytes) is reported once as `malformedHeader`, and reading resynchronises on
/// the next `Content-Length` header, so one bad message never swallows the ones after it.
struct LSPFrameParser {
    private var buffer: [UInt8] = []
    /// Where unread input starts in `buffer` (consumed bytes are dropped in bulk, not per frame).
    private var position = 0
    /// After a bad header: skipping input until the next `Content-Length`.
    private var resynchronising = false
    /// Frames larger than this are refused (the header is reported and its body skipped).
    static let maxFrame = 64 * 1024 * 1024
    static let maxHeader = 64 * 1024

    enum Frame: Equatable {
        case message([UInt8])
        /// A header that could not be understood; reported as a parse error, then skipped.
        case malformedHeader(String)
    }

    private enum Header {
        case incomplete
        case invalid(String, resumeAt: Int)
        case valid(length: Int, bodyStart: Int)
    }

    private static let contentLength = Array("content-length".utf8)

    mutating func feed(_ bytes: [UInt8]) -> [Frame] {
        buffer.append(contentsOf: bytes)
        var frames: [Frame] = []
        while position < buffer.count {
            if resynchronising {
                guard let k = findContentLength(from: position) else {
                    // Keep only what could be the start of a split `Content-Length:`.
                    position = max(position, buffer.count - Self.contentLength.count)
                    break
                }
                position = k
                resynchronising = false
            }
            switch header(at: position) {
            case .incomplete:
                if buffer.count - position > Self.maxHeader {
                    frames.append(.malformedHeader("header without a blank line"))
                    position += 1
                    resynchronising = true
                    continue
                }
            case .invalid(let why, let resume):
                frames.append(.malformedHeader(why))
                position = max(resume, position + 1)
                resynchronising = true
                continue
            case .valid(let length, let bodyStart):
                guard buffer.count - bodyStart >= length else { break }
                frames.append(.message(Array(buffer[bodyStart..<(bodyStart + length)])))
                position = bodyStart + length
                continue
            }
            break
        }
        // Drop consumed input once it is at least half the buffer: amortised linear.
        if position >= buffer.count {
            buffer.removeAll(keepingCapacity: buffer.count <= 1 << 20)
            position = 0
        } else if position > 0 && position * 2 >= buffer.count {
            buffer.removeSubrange(0..<position)
            position = 0
        }
        return frames
    }

    /// Reads the header starting at `p`: lines `Name: value` ending in LF or CRLF, up to an empty line.
    private func header(at p: Int) -> Header {
        var lineStart = p
        var length: Int? = nil
        var lengthProblem: String? = nil
        let limit = min(buffer.count, p + Self.maxHeader + 1)
        while lineStart < limit {
            var nl = lineStart
            while nl < limit && buffer[nl] != 10 { nl += 1 }
            guard nl < limit else { return .incomplete }
            var lineEnd = nl
            if lineEnd > lineStart && buffer[lineEnd - 1] == 13 { lineEnd -= 1 }
            if lineEnd == lineStart {
                if lineStart == p {
                    // A blank line where a header should start: skip it.
                    return .invalid("empty header", resumeAt: nl + 1)
                }
                if let problem = lengthProblem { return .invalid(problem, resumeAt: nl + 1) }
                guard let n = length else { return .invalid("no valid Content-Length in header", resumeAt: nl + 1) }
                return .valid(length: n, bodyStart: nl + 1)
            }
            // `Name: value`, the name made of letters, digits and `-`.
            var colon = lineStart
            while colon < lineEnd && Self.isNameByte(buffer[colon]) { colon += 1 }
            guard colon > lineStart, colon < lineEnd, buffer[colon] == UInt8(ascii: ":") else {
                return .invalid("malformed header line", resumeAt: lineStart + 1)
            }
            if colon - lineStart == Self.contentLength.count && matchesContentLength(at: lineStart) {
                var v = colon + 1
                while v < lineEnd && (buffer[v] == 32 || buffer[v] == 9) { v += 1 }
                var e = lineEnd
                while e > v && (buffer[e - 1] == 32 || buffer[e - 1] == 9) { e -= 1 }
                var n = 0
                var ok = e > v && e - v <= 18
                if ok {
                    for b in buffer[v..<e] {
                        guard b >= 48 && b <= 57 else { ok = false; break }
                        n = n * 10 + Int(b - 48)
                    }
                }
                if !ok {
                    lengthProblem = "Content-Length is not a number"
                } else if n > Self.maxFrame {
                    lengthProblem = "Content-Length \(n) exceeds the limit of \(Self.maxFrame) bytes"
                } else {
                    length = n
                }
            }
            lineStart = nl + 1
        }
        return .incomplete
    }

    private static func isNameByte(_ b: UInt8) -> Bool {
        (b >= 48 && b <= 57) || (b >= 65 && b <= 90) || (b >= 97 && b <= 122) || b == UInt8(ascii: "-")
    }

    private func matchesContentLength(at k: Int) -> Bool {
        guard k + Self.contentLength.count <= buffer.count else { return false }
        for (j, c) in Self.contentLength.enumerated() {
            let b = buffer[k + j]
            if b != c && !(b >= 65 && b <= 90 && b + 32 == c) { return false }
        }
        return true
    }

    /// The next `Content-Length:` (any case) at or after `from`, or nil.
    private func findContentLength(from: Int) -> Int? {
        var k = from
        let last = buffer.count - Self.contentLength.count
        while k <= last {
            let b = buffer[k]
            if (b == UInt8(ascii: "C") || b == UInt8(ascii: "c")) && matchesContentLength(at: k)
                && k + Self.contentLength.count < buffer.count && buffer[k + Self.contentLength.count] == UInt8(ascii: ":") {
                return k
            }
            k += 1
        }
        return nil
    }
}

enum LSPFraming {
    static func frame(_ object: [String: Any]) -> [UInt8] {
        let body = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data("{}".utf8)
        return Array("Content-Length: \(body.count)\r\n\r\n".utf8) + Array(body)
    }
}

/// A message as the reading thread hands it over. The full text of a `didOpen` or `didChange`
/// is decoded there, off the server: when a burst of changes (or a very large document) arrives
/// faster than it is linted, the server only stores each text (the lint runs for the newest), so
/// a request behind it is answered at once rather than after every stale text has been decoded.
enum LSPIncoming: Sendable {
    case message([UInt8])
    case change(uri: String, version: Int?, text: [UInt8])
    case open(uri: String, version: Int, text: [UInt8])
    case malformedHeader(String)

    static func decode(_ body: [UInt8]) -> LSPIncoming {
        // Cheap test first: only a body naming one of the methods is decoded here.
        let isChange = contains(body, Self.didChange)
        guard isChange || contains(body, Self.didOpen) else { return .message(body) }
        // The usual message is read straight from its bytes; any other goes through Foundation.
        if let m = LSPTextMessage.read(body), let uri = m.uri {
            if m.method == Self.didChangeMethod {
                guard m.changeCount > 0, !m.changeHasRange, let text = m.changeText else { return .message(body) }
                return .change(uri: uri, version: m.version, text: text)
            }
            if m.method == Self.didOpenMethod {
                guard let text = m.documentText else { return .message(body) }
                return .open(uri: uri, version: m.version ?? 0, text: text)
            }
            return .message(body)
        }
        guard let json = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any], json["id"] == nil,
              let params = json["params"] as? [String: Any],
              let doc = params["textDocument"] as? [String: Any], let uri = doc["uri"] as? String else {
            return .message(body)
        }
        switch json["method"] as? String {
        case "textDocument/didChange":
            guard let changes = params["contentChanges"] as? [[String: Any]], changes.last?["range"] == nil,
                  let text = changes.last?["text"] as? String else { return .message(body) }
            return .change(uri: uri, version: doc["version"] as? Int, text: Array(text.utf8))
        case "textDocument/didOpen":
            guard let text = doc["text"] as? String else { return .message(body) }
            return .open(uri: uri, version: doc["version"] as? Int ?? 0, text: Array(text.utf8))
        default:
            return .message(body)
        }
    }

    /// (Not the whole method names: a JSON writer may escape their `/` as `\/`.)
    private static let didChange = Array("didChange\"".utf8)
    private static let didOpen = Array("didOpen\"".utf8)
    private static let didChangeMethod = Array("textDocument/didChange".utf8)
    private static let didOpenMethod = Array("textDocument/didOpen".utf8)

    private static func contains(_ hay: [UInt8], _ needle: [UInt8]) -> Bool {
        guard let first = needle.first, hay.count >= needle.count else { return false }
        var i = 0
        let last = hay.count - needle.count
        while i <= last {
            if hay[i] == first {
                var k = 1
                while k < needle.count && hay[i + k] == needle[k] { k += 1 }
                if k == needle.count { return true }
            }
            i += 1
        }
        return false
    }
}
