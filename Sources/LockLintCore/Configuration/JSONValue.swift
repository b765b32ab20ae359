/// A small JSON reader that remembers where every value starts, so configuration mistakes can
/// be reported at their line and column. Total: malformed input is an error value, never a trap;
/// nesting is bounded. Strict where a lenient reader would lose data silently: bytes that are
/// not UTF-8 and a key repeated in one object (at any depth) are errors; `\u` escapes may be
/// surrogate pairs, a lone surrogate is an error.
public indirect enum JSONValue: Sendable, Equatable {
    case object([(key: String, keyLocation: SourceLocation, value: JSONNode)])
    case array([JSONNode])
    case string(String)
    case number(Double)
    case bool(Bool)
    case null

    public static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.object(let x), .object(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        case (.array(let x), .array(let y)): return x == y
        case (.string(let x), .string(let y)): return x == y
        case (.number(let x), .number(let y)): return x == y
        case (.bool(let x), .bool(let y)): return x == y
        case (.null, .null): return true
        default: return false
        }
    }

    public var typeName: String {
        switch self {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number: "a number"
        case .bool: "a boolean"
        case .null: "null"
        }
    }
}

public struct JSONNode: Sendable, Equatable {
    public var value: JSONValue
    public var location: SourceLocation
}

public struct JSONParseError: Error, Sendable {
    public var message: String
    public var location: SourceLocation
    /// False for well-formed JSON that is still refused (a repeated key).
    public var isSyntax = true
}

public enum JSONReader {
    public static let maxDepth = 256

    public static func parse(_ bytes: [UInt8]) throws -> JSONNode {
        var parser = Parser(bytes: bytes)
        if let bad = Encoding.firstInvalidUTF8(bytes) {
            throw parser.error("the file is not valid UTF-8 (byte 0x\(String(bytes[bad], radix: 16, uppercase: true)))", at: bad)
        }
        parser.skipSpace()
        let node = try parser.value(depth: 0)
        parser.skipSpace()
        if parser.pos < bytes.count { throw parser.error("unexpected text after the JSON value") }
        return node
    }

    /// The value of the four hex digits of a `\u` escape at `at` in `bytes`, or nil (shared by
    /// the configuration reader and the language server's direct reading of a change's text).
    @inlinable
    public static func hex4<C: RandomAccessCollection>(_ bytes: C, at: Int) -> UInt32? where C.Element == UInt8, C.Index == Int {
        guard at >= bytes.startIndex, at + 4 <= bytes.endIndex else { return nil }
        var v: UInt32 = 0
        for b in bytes[at..<(at + 4)] {
            let d: UInt8
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): d = b - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): d = b - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): d = b - UInt8(ascii: "A") + 10
            default: return nil
            }
            v = v << 4 | UInt32(d)
        }
        return v
    }

    struct Parser {
        let bytes: [UInt8]
        var pos = 0
        let lines: LineTable

        init(bytes: [UInt8]) {
            self.bytes = bytes
            self.lines = LineTable(bytes)
        }

        func error(_ message: String, at offset: Int? = nil) -> JSONParseError {
            JSONParseError(message: message, location: lines.location(of: offset ?? pos))
        }

        mutating func skipSpace() {
            while pos < bytes.count {
                let c = bytes[pos]
                if c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D { pos += 1 } else { break }
            }
        }

        mutating func value(depth: Int) throws -> JSONNode {
            guard depth < JSONReader.maxDepth else { throw error("nested too deeply") }
            guard pos < bytes.count else { throw error("unexpected end of file: a value was expected") }
            let start = pos
            let loc = lines.location(of: start)
            switch bytes[pos] {
            case UInt8(ascii: "{"):
                pos += 1
                var members: [(key: String, keyLocation: SourceLocation, value: JSONNode)] = []
                var seen: [String: SourceLocation] = [:]
                skipSpace()
                if pos < bytes.count && bytes[pos] == UInt8(ascii: "}") { pos += 1; return JSONNode(value: .object(members), location: loc) }
                while true {
                    skipSpace()
                    guard pos < bytes.count, bytes[pos] == UInt8(ascii: "\"") else { throw error("a key in double quotes was expected") }
                    let keyStart = pos
                    let keyLoc = lines.location(of: pos)
                    let key = try string()
                    if let first = seen[key] {
                        var e = error("'\(key)' is given twice (first at \(first.line):\(first.column))", at: keyStart)
                        e.isSyntax = false
                        throw e
                    }
                    seen[key] = keyLoc
                    skipSpace()
                    guard pos < bytes.count, bytes[pos] == UInt8(ascii: ":") else { throw error("':' was expected after the key") }
                    pos += 1
                    skipSpace()
                    let v = try value(depth: depth + 1)
                    members.append((key, keyLoc, v))
                    skipSpace()
                    guard pos < bytes.count else { throw error("unexpected end of file in an object") }
                    if bytes[pos] == UInt8(ascii: ",") { pos += 1; continue }
                    if bytes[pos] == UInt8(ascii: "}") { pos += 1; break }
                    throw error("',' or '}' was expected")
                }
                return JSONNode(value: .object(members), location: loc)
            case UInt8(ascii: "["):
                pos += 1
                var items: [JSONNode] = []
                skipSpace()
                if pos < bytes.count && bytes[pos] == UInt8(ascii: "]") { pos += 1; return JSONNode(value: .array(items), location: loc) }
                while true {
                    skipSpace()
                    items.append(try value(depth: depth + 1))
                    skipSpace()
                    guard pos < bytes.count else { throw error("unexpected end of file in an array") }
                    if bytes[pos] == UInt8(ascii: ",") { pos += 1; continue }
                    if bytes[pos] == UInt8(ascii: "]") { pos += 1; break }
                    throw error("',' or ']' was expected")
                }
                return JSONNode(value: .array(items), location: loc)
            case UInt8(ascii: "\""):
                return JSONNode(value: .string(try string()), location: loc)
            case UInt8(ascii: "t"):
                try literal("true")
                return JSONNode(value: .bool(true), location: loc)
            case UInt8(ascii: "f"):
                try literal("false")
                return JSONNode(value: .bool(false), location: loc)
            case UInt8(ascii: "n"):
                try literal("null")
                return JSONNode(value: .null, location: loc)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                while pos < bytes.count, "+-0123456789.eE".utf8.contains(bytes[pos]) { pos += 1 }
                guard let d = Double(String(decoding: bytes[start..<pos], as: UTF8.self)) else { throw error("malformed number", at: start) }
                return JSONNode(value: .number(d), location: loc)
            default:
                throw error("a value was expected")
            }
        }

        mutating func literal(_ word: String) throws {
            let w = Array(word.utf8)
            guard pos + w.count <= bytes.count, Array(bytes[pos..<(pos + w.count)]) == w else { throw error("a value was expected") }
            pos += w.count
        }

        mutating func string() throws -> String {
            let start = pos
            pos += 1
            var out: [UInt8] = []
            while pos < bytes.count {
                let c = bytes[pos]
                if c == UInt8(ascii: "\"") {
                    pos += 1
                    return String(decoding: out, as: UTF8.self)
                }
                if c == UInt8(ascii: "\\") {
                    pos += 1
                    guard pos < bytes.count else { break }
                    switch bytes[pos] {
                    case UInt8(ascii: "n"): out.append(0x0A)
                    case UInt8(ascii: "t"): out.append(0x09)
                    case UInt8(ascii: "r"): out.append(0x0D)
                    case UInt8(ascii: "b"): out.append(0x08)
                    case UInt8(ascii: "f"): out.append(0x0C)
                    case UInt8(ascii: "u"):
                        let escape = pos - 1
                        guard let high = hex4(at: pos + 1) else { throw error("malformed \\u escape", at: escape) }
                        pos += 4
                        var v = high
                        if (0xD800...0xDBFF).contains(high) {
                            // A UTF-16 surrogate pair: `\ud83d\ude00`.
                            guard pos + 2 < bytes.count, bytes[pos + 1] == UInt8(ascii: "\\"), bytes[pos + 2] == UInt8(ascii: "u"),
                                  let low = hex4(at: pos + 3), (0xDC00...0xDFFF).contains(low) else {
                                throw error("unpaired UTF-16 surrogate in a \\u escape", at: escape)
                            }
                            v = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
                            pos += 6
                        } else if (0xDC00...0xDFFF).contains(high) {
                            throw error("unpaired UTF-16 surrogate in a \\u escape", at: escape)
                        }
                        guard let scalar = Unicode.Scalar(v) else { throw error("malformed \\u escape", at: escape) }
                        out.append(contentsOf: Array(String(Character(scalar)).utf8))
                    default: out.append(bytes[pos])
                    }
                    pos += 1
                    continue
                }
                if c < 0x20 { throw error("control character in a string") }
                out.append(c)
                pos += 1
            }
            throw error("unterminated string", at: start)
        }

        /// The value of the four hex digits at `at`, or nil.
        func hex4(at: Int) -> UInt32? { JSONReader.hex4(bytes, at: at) }
    }
}
