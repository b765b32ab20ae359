/// Whether an awaited call can come back with a failure the code goes on from: the call is
/// `try`'d (`try await`, `try? await`: an error leaves the statement), or its result is tested
/// (`if await ok()`, `guard let x = await make() else`, or `let x = await make()` with `x`
/// tested in a later `if`/`guard`/`switch` of the same block). State claimed before such an
/// await stays claimed after a failure unless the code undoes it.
public enum AwaitOutcome {
    /// - Parameter a: the `await` keyword, or a token of the awaited expression after it.
    public static func mayFail(_ s: FileStructure, await a: Int) -> Bool {
        guard a > 0, a < s.code.count else { return false }
        // Back to the statement's first token (at most a line's worth of tokens).
        var start = a
        var sawTry = false
        var k = a
        while k > 0 && a - k < 48 {
            if s.isKeyword(k, .try) && !s.isChar(k + 1, UInt8(ascii: "!")) { sawTry = true }
            if s.isChar(k - 1, UInt8(ascii: "{")) || s.isChar(k - 1, UInt8(ascii: "}")) || s.isChar(k - 1, UInt8(ascii: ";")) { start = k; break }
            if s.code[k].flags.contains(.newlineBefore) && s.startsStatement(k) { start = k; break }
            start = k
            k -= 1
        }
        if sawTry { return true }
        // `if await …`, `guard let x = await … else`: tested on the spot.
        if s.isKeyword(start, .if) || s.isKeyword(start, .guard) || s.isKeyword(start, .while) { return true }
        // `let x = await …`: a later test of `x` in the same block.
        guard s.isKeyword(start, .let) || s.isKeyword(start, .var), s.code[start + 1].kind == .identifier,
              s.isChar(start + 2, UInt8(ascii: "=")) || s.isChar(start + 2, UInt8(ascii: ":")) else { return false }
        let name = s.text(start + 1)
        let scope = s.scopeOf[a] >= 0 ? s.scopes[Int(s.scopeOf[a])] : nil
        let end = min(scope?.close ?? s.code.count, s.code.count)
        var j = s.statementEnd(from: a, limit: end)
        while j < end {
            if s.code[j].kind == .identifier && s.is(j, text: name) && !s.isChar(j - 1, UInt8(ascii: ".")) && inCondition(s, j) { return true }
            j += 1
        }
        return false
    }

    /// Whether token `j` sits in the condition of an `if`, `guard`, `while` or `switch` on its line.
    static func inCondition(_ s: FileStructure, _ j: Int) -> Bool {
        var k = j - 1
        while k >= 0 && j - k < 24 {
            if s.isKeyword(k, .if) || s.isKeyword(k, .guard) || s.isKeyword(k, .switch) || s.isKeyword(k, .while) { return true }
            if s.isChar(k, UInt8(ascii: "{")) || s.isChar(k, UInt8(ascii: "}")) || s.isChar(k, UInt8(ascii: ";")) { return false }
            if s.code[k].flags.contains(.newlineBefore) && s.startsStatement(k) { return false }
            k -= 1
        }
        return false
    }
}
