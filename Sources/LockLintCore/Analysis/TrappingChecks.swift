/// Calls whose failure stops the program: a compare-exchange that must win
/// (`precondition(flag.compareExchange(…).exchanged)`, `guard ….exchanged else { fatalError() }`)
/// checks that its code runs once; it is not a lock that a second caller waits on.
public enum TrappingChecks {
    /// Checks that stop the program when their condition is false.
    static let assertions: Set<String> = ["precondition", "assert", "dispatchPrecondition"]

    /// Whether the result of the call from token `start` (its receiver) to `close` (its `)`)
    /// is required to succeed: the call is the argument of `precondition(…)` / `assert(…)`, the
    /// condition of a `guard` whose `else` stops the program, or it is bound by `let name = …`
    /// and the next statement requires `name` that way.
    public static func failureTraps(_ s: FileStructure, start: Int, close: Int) -> Bool {
        // `precondition(x.compareExchange(…).exchanged, …)`: an enclosing parenthesis of an assertion.
        var k = start - 1
        var steps = 0
        while k > 0 && steps < 64 {
            steps += 1
            if s.isChar(k, UInt8(ascii: "(")) && Int(s.match[k]) > close {
                return s.code[k - 1].kind == .identifier && assertions.contains(s.text(k - 1))
            }
            if s.isChar(k, UInt8(ascii: ")")) || s.isChar(k, UInt8(ascii: "]")) {
                let m = Int(s.match[k])
                guard m >= 0 && m < k else { return false }
                k = m - 1
                continue
            }
            if s.isChar(k, UInt8(ascii: "{")) || s.isChar(k, UInt8(ascii: "}")) || s.isChar(k, UInt8(ascii: ";")) { break }
            if s.isKeyword(k, .guard) { return elseStops(s, guardAt: k) }
            if s.isKeyword(k, .let) || s.isKeyword(k, .var) {
                // `let result = x.compareExchange(…)`, then `precondition(result.exchanged)` or
                // `guard result.exchanged else { fatalError() }` as the next statement.
                guard k + 2 < s.count, s.code[k + 1].kind == .identifier, s.isChar(k + 2, UInt8(ascii: "=")) else { return false }
                return nextStatementRequires(s, name: s.text(k + 1), after: close)
            }
            if s.code[k].flags.contains(.newlineBefore) && !s.isChar(k - 1, UInt8(ascii: "(")) && !s.isChar(k - 1, UInt8(ascii: ","))
                && !s.isChar(k - 1, UInt8(ascii: "=")) { break }
            k -= 1
        }
        return false
    }

    /// The `else` block of the `guard` at `g` starts by stopping the program.
    static func elseStops(_ s: FileStructure, guardAt g: Int) -> Bool {
        guard let e = s.guardElse(of: g), e + 2 < s.count, s.code[e + 2].kind == .identifier else { return false }
        return LockFlow.neverReturning.contains(s.text(e + 2))
    }

    /// The statement after token `close` requires `name`: an assertion whose condition names it,
    /// or a `guard` on it whose `else` stops the program.
    static func nextStatementRequires(_ s: FileStructure, name: String, after close: Int) -> Bool {
        let n = close + 1
        guard n + 1 < s.count, s.code[n].flags.contains(.newlineBefore) || s.isChar(n, UInt8(ascii: ";")) else { return false }
        let first = s.isChar(n, UInt8(ascii: ";")) ? n + 1 : n
        if s.code[first].kind == .identifier && assertions.contains(s.text(first)) && s.isChar(first + 1, UInt8(ascii: "(")) {
            let end = Int(s.match[first + 1])
            guard end > first + 1 else { return false }
            return s.span(first + 2, end).contains { s.code[$0].kind == .identifier && s.is($0, text: name) && !s.isChar($0 - 1, UInt8(ascii: ".")) }
        }
        if s.isKeyword(first, .guard) && s.code[first + 1].kind == .identifier && s.is(first + 1, text: name) { return elseStops(s, guardAt: first) }
        return false
    }
}
