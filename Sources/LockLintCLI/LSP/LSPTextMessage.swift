import LockLintCore

/// The fields of a `didOpen` or full-text `didChange` notification, read straight from the
/// message's bytes: the document's text is unescaped once into bytes, never built as a `String`
/// (Foundation's JSON reader spent about 3 ms on a 200 KB text, on every edit).
///
/// Strict: the whole message is checked against the JSON grammar (RFC 8259), its strings must be
/// UTF-8 with no unpaired `\u` surrogate, and no object may repeat a key. Anything else, and any
/// field of another shape than the usual one, gives nil, and the message then goes the ordinary
/// way (`JSONSerialization`), so that what is decoded here is exactly what that way decodes.
struct LSPTextMessage {
    var method: [UInt8] = []
    var uri: String? = nil
    var version: Int? = nil
    /// `textDocument.text` (an open).
    var documentText: [UInt8]? = nil
    /// The last content change has a `text` (a change), and whether it has a `range`.
    var changeText: [UInt8]? = nil
    var changeHasRange = false
    var changeCount = 0

    /// Nil unless `body` is a JSON object with no `id`, a string `method`, and `params` holding an
    /// object `textDocument` whose `uri` is a string and whose `version`, if any, a plain integer.
    static func read(_ body: [UInt8]) -> LSPTextMessage? {
        body.withUnsafeBufferPointer { p -> LSPTextMessage? in
            var r = Reader(p: p)
            var m = LSPTextMessage()
            r.space()
            guard r.object(depth: 0, { key, r in
                switch key {
                case "id": return false
                case "method": guard let s = r.string() else { return false }; m.method = s; return true
                case "params": return r.object(depth: 1) { key, r in
                    switch key {
                    case "textDocument": return r.object(depth: 2) { key, r in
                        switch key {
                        case "uri": guard let s = r.string() else { return false }; m.uri = String(decoding: s, as: UTF8.self); return true
                        case "version": guard let v = r.integer() else { return false }; m.version = v; return true
                        case "text": guard let s = r.string() else { return false }; m.documentText = s; return true
                        default: return r.value(depth: 3)
                        }
                    }
                    case "contentChanges": return r.array(depth: 2) { r in
                        // Every change is an object; the last one's text and range count.
                        m.changeCount += 1
                        m.changeText = nil
                        m.changeHasRange = false
                        return r.object(depth: 3) { key, r in
                            switch key {
                            case "text": guard let s = r.string() else { return false }; m.changeText = s; return true
                            case "range": m.changeHasRange = true; return r.value(depth: 4)
                            default: return r.value(depth: 4)
                            }
                        }
                    }
                    default: return r.value(depth: 2)
                    }
                }
                default: return r.value(depth: 1)
                }
            }) else { return nil }
            r.space()
            guard r.at == p.count, m.uri != nil else { return nil }
            return m
        }
    }

    private struct Reader {
        let p: UnsafeBufferPointer<UInt8>
        var at = 0
        static let maxDepth = 64

        mutating func space() {
            while at < p.count, p[at] == 0x20 || p[at] == 0x0A || p[at] == 0x0D || p[at] == 0x09 { at += 1 }
        }

        mutating func take(_ c: UInt8) -> Bool {
            guard at < p.count, p[at] == c else { return false }
            at += 1
            return true
        }

        /// An object; `member` reads each value (the reader is at it) and says whether it is good.
        mutating func object(depth: Int, _ member: (String, inout Reader) -> Bool) -> Bool {
            guard depth < Self.maxDepth, take(UInt8(ascii: "{")) else { return false }
            space()
            if take(UInt8(ascii: "}")) { return true }
            var keys: [[UInt8]] = []
            while true {
                space()
                guard let key = string(), !keys.contains(key) else { return false }
                keys.append(key)
                space()
                guard take(UInt8(ascii: ":")) else { return false }
                space()
                guard member(String(decoding: key, as: UTF8.self), &self) else { return false }
                space()
                if take(UInt8(ascii: ",")) { continue }
                return take(UInt8(ascii: "}"))
            }
        }

        mutating func array(depth: Int, _ element: (inout Reader) -> Bool) -> Bool {
            guard depth < Self.maxDepth, take(UInt8(ascii: "[")) else { return false }
            space()
            if take(UInt8(ascii: "]")) { return true }
            while true {
                space()
                guard element(&self) else { return false }
                space()
                if take(UInt8(ascii: ",")) { continue }
                return take(UInt8(ascii: "]"))
            }
        }

        /// Any value, checked and passed over.
        mutating func value(depth: Int) -> Bool {
            guard at < p.count else { return false }
            switch p[at] {
            case UInt8(ascii: "{"): return object(depth: depth) { _, r in r.value(depth: depth + 1) }
            case UInt8(ascii: "["): return array(depth: depth) { r in r.value(depth: depth + 1) }
            case UInt8(ascii: "\""): return string() != nil
            case UInt8(ascii: "t"): return word("true")
            case UInt8(ascii: "f"): return word("false")
            case UInt8(ascii: "n"): return word("null")
            default: return number() != nil
            }
        }

        mutating func word(_ w: StaticString) -> Bool {
            let n = w.utf8CodeUnitCount
            guard at + n <= p.count else { return false }
            for k in 0..<n where p[at + k] != w.utf8Start[k] { return false }
            at += n
            return true
        }

        /// A number by the JSON grammar; its extent, and whether it is a plain integer.
        mutating func number() -> (range: Range<Int>, plain: Bool)? {
            let start = at
            _ = take(UInt8(ascii: "-"))
            guard at < p.count, isDigit(p[at]) else { return nil }
            if p[at] == UInt8(ascii: "0") { at += 1 } else { while at < p.count, isDigit(p[at]) { at += 1 } }
            var plain = true
            if take(UInt8(ascii: ".")) {
                plain = false
                guard digits() else { return nil }
            }
            if at < p.count, p[at] == UInt8(ascii: "e") || p[at] == UInt8(ascii: "E") {
                plain = false
                at += 1
                if !take(UInt8(ascii: "+")) { _ = take(UInt8(ascii: "-")) }
                guard digits() else { return nil }
            }
            return (start..<at, plain)
        }

        mutating func digits() -> Bool {
            let start = at
            while at < p.count, isDigit(p[at]) { at += 1 }
            return at > start
        }

        func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }

        /// A plain integer of at most 18 digits, not `-0` (what `as? Int` reads the same way).
        mutating func integer() -> Int? {
            guard let (range, plain) = number(), plain else { return nil }
            let negative = p[range.lowerBound] == UInt8(ascii: "-")
            let digits = (negative ? range.lowerBound + 1 : range.lowerBound)..<range.upperBound
            guard digits.count <= 18, !(negative && p[digits.lowerBound] == UInt8(ascii: "0")) else { return nil }
            var v = 0
            for k in digits { v = v * 10 + Int(p[k] - UInt8(ascii: "0")) }
            return negative ? -v : v
        }

        /// A string, unescaped, as UTF-8 bytes.
        mutating func string() -> [UInt8]? {
            guard take(UInt8(ascii: "\"")) else { return nil }
            var out: [UInt8] = []
            var run = at
            while at < p.count {
                let b = p[at]
                if b == UInt8(ascii: "\"") {
                    out.append(contentsOf: UnsafeBufferPointer(rebasing: p[run..<at]))
                    at += 1
                    return out
                }
                if b < 0x20 { return nil }
                if b < 0x80 && b != UInt8(ascii: "\\") {
                    at += 1
                    continue
                }
                if b >= 0x80 {
                    guard let n = utf8Sequence(at) else { return nil }
                    at += n
                    continue
                }
                // An escape.
                if out.isEmpty { out.reserveCapacity(p.count - run) }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: p[run..<at]))
                at += 1
                guard at < p.count else { return nil }
                let e = p[at]
                at += 1
                switch e {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    guard var v = hex4() else { return nil }
                    if v >= 0xDC00 && v <= 0xDFFF { return nil }
                    if v >= 0xD800 && v <= 0xDBFF {
                        guard take(UInt8(ascii: "\\")), take(UInt8(ascii: "u")), let low = hex4(), low >= 0xDC00 && low <= 0xDFFF else { return nil }
                        v = 0x10000 + ((v - 0xD800) << 10) + (low - 0xDC00)
                    }
                    append(scalar: v, to: &out)
                default:
                    return nil
                }
                run = at
            }
            return nil
        }

        mutating func hex4() -> UInt32? {
            guard let v = JSONReader.hex4(p, at: at) else { return nil }
            at += 4
            return v
        }

        func append(scalar v: UInt32, to out: inout [UInt8]) {
            switch v {
            case 0..<0x80: out.append(UInt8(v))
            case 0x80..<0x800:
                out.append(UInt8(0xC0 | v >> 6)); out.append(UInt8(0x80 | v & 0x3F))
            case 0x800..<0x10000:
                out.append(UInt8(0xE0 | v >> 12)); out.append(UInt8(0x80 | v >> 6 & 0x3F)); out.append(UInt8(0x80 | v & 0x3F))
            default:
                out.append(UInt8(0xF0 | v >> 18)); out.append(UInt8(0x80 | v >> 12 & 0x3F))
                out.append(UInt8(0x80 | v >> 6 & 0x3F)); out.append(UInt8(0x80 | v & 0x3F))
            }
        }

        /// The length of the well-formed UTF-8 sequence at `k` (no overlong form, no surrogate,
        /// nothing past U+10FFFF, as the lexer decodes), or nil.
        func utf8Sequence(_ k: Int) -> Int? { UTF8Decoding.decode(p, k)?.1 }
    }
}
