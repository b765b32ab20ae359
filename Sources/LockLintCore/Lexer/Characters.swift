/// Decodes one UTF-8 scalar, rejecting overlong forms, surrogates and truncated sequences.
public enum UTF8Decoding {
    @inlinable @inline(__always)
    public static func decode(_ p: UnsafeBufferPointer<UInt8>, _ i: Int) -> (UInt32, Int)? {
        let n = p.count
        let b0 = UInt32(p[i])
        if b0 < 0x80 { return (b0, 1) }
        if b0 < 0xC2 { return nil }
        if b0 < 0xE0 {
            guard i + 1 < n, p[i + 1] & 0xC0 == 0x80 else { return nil }
            return ((b0 & 0x1F) << 6 | UInt32(p[i + 1] & 0x3F), 2)
        }
        if b0 < 0xF0 {
            guard i + 2 < n, p[i + 1] & 0xC0 == 0x80, p[i + 2] & 0xC0 == 0x80 else { return nil }
            let v = (b0 & 0x0F) << 12 | UInt32(p[i + 1] & 0x3F) << 6 | UInt32(p[i + 2] & 0x3F)
            if v < 0x800 || (v >= 0xD800 && v <= 0xDFFF) { return nil }
            return (v, 3)
        }
        if b0 < 0xF5 {
            guard i + 3 < n, p[i + 1] & 0xC0 == 0x80, p[i + 2] & 0xC0 == 0x80, p[i + 3] & 0xC0 == 0x80 else { return nil }
            let v = (b0 & 0x07) << 18 | UInt32(p[i + 1] & 0x3F) << 12 | UInt32(p[i + 2] & 0x3F) << 6 | UInt32(p[i + 3] & 0x3F)
            if v < 0x10000 || v > 0x10FFFF { return nil }
            return (v, 4)
        }
        return nil
    }
}

/// Character classes of the Swift lexical grammar for non-ASCII scalars.
enum Characters {
    /// Non-ASCII operator-head scalars (The Swift Programming Language, Lexical Structure).
    static func isOperatorHead(_ c: UInt32) -> Bool {
        switch c {
        case 0xA1...0xA7, 0xA9, 0xAB, 0xAC, 0xAE, 0xB0, 0xB1, 0xB6, 0xBB, 0xBF, 0xD7, 0xF7,
             0x2016...0x2017, 0x2020...0x2027, 0x2030...0x203E, 0x2041...0x2053, 0x2055...0x205E,
             0x2190...0x23FF, 0x2500...0x2775, 0x2794...0x2BFF, 0x2E00...0x2E7F, 0x3001...0x3003,
             0x3008...0x3020, 0x3030:
            return true
        default:
            return false
        }
    }

    static func isOperatorContinuation(_ c: UInt32) -> Bool {
        if c < 0x80 { return false }
        if isOperatorHead(c) { return true }
        switch c {
        case 0x0300...0x036F, 0x1DC0...0x1DFF, 0x20D0...0x20FF, 0xFE00...0xFE0F, 0xFE20...0xFE2F, 0xE0100...0xE01EF:
            return true
        default:
            return false
        }
    }

    /// Non-ASCII scalars that may start an identifier: everything that is not an operator
    /// character, a combining mark, or whitespace-like.
    static func isIdentifierStart(_ c: UInt32) -> Bool {
        if c < 0x80 { return false }
        if isOperatorHead(c) { return false }
        switch c {
        case 0x0300...0x036F, 0x1DC0...0x1DFF, 0x20D0...0x20FF, 0xFE20...0xFE2F,
             0xA0, 0x2028, 0x2029, 0xFEFF, 0x200B, 0xAD:
            return false
        default:
            return true
        }
    }

    static func isIdentifierContinuation(_ c: UInt32) -> Bool {
        if c < 0x80 { return false }
        if isOperatorHead(c) { return false }
        switch c {
        case 0xA0, 0x2028, 0x2029, 0xFEFF:
            return false
        default:
            return true
        }
    }
}
