/// What a token's statement decides: the keyword that introduces the statement or condition
/// holding it (`if`, `guard`, `while`, `return`, …), the code an `if` or `guard` decides, and
/// the first use of some names there.
public enum Decisions {
    /// The tokens an `if` (its body) or `guard` (the rest of its block) decides.
    public static func decidedRange(_ s: FileStructure, head: Int) -> (Int, Int)? {
        if s.isKeyword(head, .if) {
            for sc in s.scopes.indices where s.scopes[sc].statementKeyword == head && s.scopes[sc].kind == .statement {
                return (s.scopes[sc].open, s.scopes[sc].close)
            }
            return nil
        }
        // guard … else { … }: the code after the else block, to the end of the enclosing block.
        let outer = Int(s.scopeOf[head])
        var elseScope = -1
        for sc in s.scopes.indices where s.scopes[sc].kind == .statement && s.scopes[sc].parent == outer
            && s.scopes[sc].statementKeyword > head && s.isKeyword(s.scopes[sc].statementKeyword, .else) {
            elseScope = sc
            break
        }
        guard elseScope >= 0 else { return nil }
        let parent = s.scopes[elseScope].parent
        let end = parent >= 0 ? s.scopes[parent].close : s.count
        return (s.scopes[elseScope].close, end)
    }

    public static func firstUse(_ s: FileStructure, of names: [String: Int], in range: Range<Int>) -> Int? {
        for k in range where s.code[k].kind == .identifier && (!s.isChar(k - 1, UInt8(ascii: ".")) || s.isKeyword(k - 2, .self)) {
            if names[s.text(k)] != nil { return k }
        }
        return nil
    }

    /// The keyword introducing the statement or condition that holds token `i` (`if`, `guard`,
    /// `while`, `return`, `let` …), or nil when the statement starts with an expression.
    public static func statementHead(_ s: FileStructure, _ i: Int) -> Int? {
        var k = i - 1
        var steps = 0
        while k >= 0 && steps < 400 {
            steps += 1
            // A line break ends the statement unless the lines are joined by an operator or comma.
            if s.code[k + 1].flags.contains(.newlineBefore) && !joinsLines(s, k, k + 1) { return nil }
            let t = s.code[k]
            if t.kind == .punctuation && t.length == 1 {
                switch s.file.bytes[Int(t.start)] {
                case UInt8(ascii: ")"), UInt8(ascii: "]"):
                    let m = Int(s.match[k])
                    guard m >= 0 && m < k else { return nil }
                    k = m - 1
                    continue
                case UInt8(ascii: "}"), UInt8(ascii: "{"), UInt8(ascii: ";"):
                    return nil
                default:
                    break
                }
            } else if t.kind == .keyword {
                switch t.word {
                case .if, .guard, .while, .switch, .return, .throw, .case:
                    return k
                case .let, .var:
                    let before = k - 1
                    if s.isKeyword(before, .if) || s.isKeyword(before, .guard) || s.isKeyword(before, .while)
                        || s.isKeyword(before, .case) || s.isChar(before, UInt8(ascii: ",")) {
                        break
                    }
                    return k
                default:
                    break
                }
            }
            k -= 1
        }
        return nil
    }

    static func joinsLines(_ s: FileStructure, _ last: Int, _ first: Int) -> Bool {
        let a = s.code[last]
        let b = s.code[first]
        if a.kind == .operator || b.kind == .operator { return true }
        if a.kind == .punctuation && a.length == 1 {
            let c = s.file.bytes[Int(a.start)]
            if c == UInt8(ascii: ",") || c == UInt8(ascii: "(") || c == UInt8(ascii: "[") || c == UInt8(ascii: "=") || c == UInt8(ascii: ":") { return true }
        }
        if s.isChar(first, UInt8(ascii: ".")) { return true }
        if a.kind == .keyword {
            switch a.word {
            case .if, .guard, .while, .return, .throw, .case, .try, .await, .let, .var: return true
            default: break
            }
        }
        return false
    }
}
