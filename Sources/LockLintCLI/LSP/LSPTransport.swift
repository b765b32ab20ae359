import Foundation

/// Language Server Protocol framing: `Content-Length: N\r\n\r\n` followed by N bytes of JSON.
/// The parser is incremental (feed it whatever bytes arrive) and total: a malformed header is
/// skipped up to the next blank line, never a crash.
struct LSPFrameParser {
    private var buffer: [UInt8] = []
    /// Frames larger than this are refused (the header is skipped and the body discarded).
    static let maxFrame = 64 * 1024 * 1024

    enum Frame: Equatable {
        case message([UInt8])
        /// A header that could not be understood; reported as a parse error, then skipped.
        case malformedHeader(String)
    }

    mutating func feed(_ bytes: [UInt8]) -> [Frame] {
        buffer.append(contentsOf: bytes)
        var frames: [Frame] = []
        while true {
            guard let headerEnd = find([13, 10, 13, 10], in: buffer) else {
                // Guard against a peer that never sends a blank line.
                if buffer.count > 64 * 1024 {
                    frames.append(.malformedHeader("header without a blank line"))
                    buffer.removeAll()
                }
                break
            }
            let header = String(decoding: buffer[0..<headerEnd], as: UTF8.self)
            var length: Int? = nil
            for line in header.split(separator: "\r\n") {
                let parts = line.split(separator: ":", maxSplits: 1)
                if parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces).lowercased() == "content-length" {
                    length = Int(parts[1].trimmingCharacters(in: .whitespaces))
                }
            }
            let bodyStart = headerEnd + 4
            guard let n = length, n >= 0, n <= Self.maxFrame else {
                frames.append(.malformedHeader(header.isEmpty ? "empty header" : "no valid Content-Length in header"))
                buffer.removeSubrange(0..<bodyStart)
                continue
            }
            guard buffer.count >= bodyStart + n else { break }
            frames.append(.message(Array(buffer[bodyStart..<(bodyStart + n)])))
            buffer.removeSubrange(0..<(bodyStart + n))
        }
        return frames
    }

    private func find(_ needle: [UInt8], in hay: [UInt8]) -> Int? {
        guard hay.count >= needle.count else { return nil }
        var i = 0
        while i <= hay.count - needle.count {
            if hay[i] == needle[0] && hay[i + 1] == needle[1] && hay[i + 2] == needle[2] && hay[i + 3] == needle[3] { return i }
            i += 1
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
