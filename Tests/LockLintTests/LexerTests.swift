import XCTest
@testable import LockLintCore

/// Token families with exact kinds and texts, and the hard cases of the Swift lexical grammar.
final class LexerTests: XCTestCase {
    /// (kind, text) of every token.
    func lex(_ source: String) -> [(TokenKind, String)] {
        let bytes = Array(source.utf8)
        return Lexer.tokenize(bytes).map { ($0.kind, String(decoding: bytes[$0.range], as: UTF8.self)) }
    }

    func assertTokens(_ source: String, _ expected: [(TokenKind, String)], file: StaticString = #filePath, line: UInt = #line) {
        let got = lex(source)
        let a = got.map { "\($0.0) \($0.1)" }
        let b = expected.map { "\($0.0) \($0.1)" }
        XCTAssertEqual(a, b, "tokens of: \(source)", file: file, line: line)
    }

    // MARK: Words

    /// The keyword table (its length and first/last-byte filter, its unaligned loads) finds every
    /// word, at the end of a buffer too, and nothing else.
    func testKeywordTableFindsEveryWordAndNothingElse() {
        for w in Word.allCases where w != .none {
            for padding in [0, 1, 20] {
                let bytes = Array(w.text.utf8) + Array(repeating: UInt8(ascii: " "), count: padding)
                let found = bytes.withUnsafeBufferPointer { Word.lookup($0, 0, w.text.utf8.count) }
                XCTAssertEqual(found, w, "\(w.text) followed by \(padding) spaces")
            }
        }
        for name in ["lets", "Let", "clas", "classes", "selfish", "Selfie", "x", "any_", "_modifyx", "precedencegroups", "nonisolatedd", "a1", "1"] {
            let bytes = Array(name.utf8) + Array(repeating: UInt8(ascii: "x"), count: 20)
            XCTAssertEqual(bytes.withUnsafeBufferPointer { Word.lookup($0, 0, name.utf8.count) }, Word.none, name)
        }
    }

    /// Line starts found eight bytes at a time agree with a byte-by-byte reading.
    func testLineTableAgreesWithAByteByByteReading() {
        var seed: UInt64 = 42
        for length in [0, 1, 7, 8, 9, 15, 16, 17, 100, 1000] {
            for _ in 0..<20 {
                var bytes: [UInt8] = []
                for _ in 0..<length {
                    seed = seed &* 6364136223846793005 &+ 1442695040888963407
                    let r = Int(seed >> 59)
                    bytes.append(r < 6 ? 0x0A : r < 8 ? 0x8A : UInt8(truncatingIfNeeded: seed >> 40))
                }
                bytes = bytes.map { $0 == 0x0D ? 0x0E : $0 }
                var expected = [0]
                for (i, b) in bytes.enumerated() where b == 0x0A { expected.append(i + 1) }
                XCTAssertEqual(LineTable(bytes).starts, expected, "length \(length)")
            }
        }
    }

    func testIdentifiersAndKeywords() {
        assertTokens("let x = café + `class` + $0 + $name + _$id + _", [
            (.keyword, "let"), (.identifier, "x"), (.punctuation, "="), (.identifier, "café"), (.operator, "+"),
            (.identifier, "`class`"), (.operator, "+"), (.identifier, "$0"), (.operator, "+"), (.identifier, "$name"),
            (.operator, "+"), (.identifier, "_$id"), (.operator, "+"), (.keyword, "_"),
        ])
        assertTokens("let 名前 = 😀x", [(.keyword, "let"), (.identifier, "名前"), (.punctuation, "="), (.identifier, "😀x")])
        assertTokens("let `some raw name` = 1", [(.keyword, "let"), (.identifier, "`some raw name`"), (.punctuation, "="), (.integer, "1")])
    }

    func testContextualKeywordsUsedAsNames() {
        // `actor`, `await`, `async` are keywords where used so, names elsewhere.
        let src = "actor A {}\nlet actor = 1\nfoo.actor\nfunc f() async { await g(async: 1) }\nlet await = 2"
        let words = lex(src).filter { $0.1 == "actor" || $0.1 == "async" || $0.1 == "await" }.map { "\($0.0)" }
        XCTAssertEqual(words, ["keyword", "identifier", "identifier", "keyword", "keyword", "identifier", "identifier"])
        assertTokens("nonisolated(unsafe) var x = 0", [
            (.keyword, "nonisolated"), (.punctuation, "("), (.identifier, "unsafe"), (.punctuation, ")"),
            (.keyword, "var"), (.identifier, "x"), (.punctuation, "="), (.integer, "0"),
        ])
    }

    func testAttributesAndPoundKeywords() {
        assertTokens("@MainActor @available(iOS 18, *) #if os(Linux) #elseif DEBUG #else #endif #selector(f) #available #warning", [
            (.attribute, "@MainActor"), (.attribute, "@available"), (.punctuation, "("), (.identifier, "iOS"), (.integer, "18"),
            (.punctuation, ","), (.operator, "*"), (.punctuation, ")"), (.pound, "#if"), (.identifier, "os"), (.punctuation, "("),
            (.identifier, "Linux"), (.punctuation, ")"), (.pound, "#elseif"), (.identifier, "DEBUG"), (.pound, "#else"),
            (.pound, "#endif"), (.pound, "#"), (.identifier, "selector"), (.punctuation, "("), (.identifier, "f"),
            (.punctuation, ")"), (.pound, "#available"), (.pound, "#"), (.identifier, "warning"),
        ])
    }

    // MARK: Numbers

    func testNumbers() {
        assertTokens("0x1F 0o17 0b1010 1_000 3.14 1e10 2.5E-3 0x1p3 0x1.8p-2 0xFF.description t.0.1 1...2", [
            (.integer, "0x1F"), (.integer, "0o17"), (.integer, "0b1010"), (.integer, "1_000"), (.float, "3.14"),
            (.float, "1e10"), (.float, "2.5E-3"), (.float, "0x1p3"), (.float, "0x1.8p-2"), (.integer, "0xFF"),
            (.punctuation, "."), (.identifier, "description"), (.identifier, "t"), (.punctuation, "."), (.integer, "0"),
            (.punctuation, "."), (.integer, "1"), (.integer, "1"), (.operator, "..."), (.integer, "2"),
        ])
    }

    // MARK: Strings

    func testStringForms() {
        assertTokens(#"let s = "a \"q\" \\ \u{1F600}""#, [(.keyword, "let"), (.identifier, "s"), (.punctuation, "="), (.string, #""a \"q\" \\ \u{1F600}""#)])
        assertTokens(##"#"raw \(x) "q" "#"##, [(.string, ##"#"raw \(x) "q" "#"##)])
        assertTokens(###"##"a "# b"##"###, [(.string, ###"##"a "# b"##"###)])
        assertTokens(##"#"""#"##, [(.string, ##"#"""#"##)])
        assertTokens("\"\"\"\n  multi \"\" line\n  \"\"\"", [(.string, "\"\"\"\n  multi \"\" line\n  \"\"\"")])
        assertTokens("\"\"\"\n  a \\\n  b\n  \"\"\"", [(.string, "\"\"\"\n  a \\\n  b\n  \"\"\"")])
    }

    func testInterpolationsSplitStringsAroundCode() {
        assertTokens(#""a\(x)b""#, [(.string, #""a\("#), (.identifier, "x"), (.string, #")b""#)])
        // Nested strings and closures inside interpolations.
        assertTokens(#""\(xs.map { "\($0)" }.joined())""#, [
            (.string, #""\("#), (.identifier, "xs"), (.punctuation, "."), (.identifier, "map"), (.punctuation, "{"),
            (.string, #""\("#), (.identifier, "$0"), (.string, #")""#), (.punctuation, "}"), (.punctuation, "."),
            (.identifier, "joined"), (.punctuation, "("), (.punctuation, ")"), (.string, #")""#),
        ])
        // Raw interpolation needs the matching number of #.
        assertTokens(##"#"a \(no) \#(yes)"#"##, [(.string, ##"#"a \(no) \#("##), (.identifier, "yes"), (.string, ##")"#"##)])
        // Parentheses inside an interpolation do not close it.
        assertTokens(#""\(f((1)))""#, [
            (.string, #""\("#), (.identifier, "f"), (.punctuation, "("), (.punctuation, "("), (.integer, "1"),
            (.punctuation, ")"), (.punctuation, ")"), (.string, #")""#),
        ])
        assertTokens("\"\"\"\n\\(a)\n\"\"\"", [(.string, "\"\"\"\n\\("), (.identifier, "a"), (.string, ")\n\"\"\"")])
    }

    // MARK: Regex literals

    func testRegexLiterals() {
        assertTokens("let r = /ab+c/", [(.keyword, "let"), (.identifier, "r"), (.punctuation, "="), (.regex, "/ab+c/")])
        assertTokens("let d = a / b / c", [
            (.keyword, "let"), (.identifier, "d"), (.punctuation, "="), (.identifier, "a"), (.operator, "/"),
            (.identifier, "b"), (.operator, "/"), (.identifier, "c"),
        ])
        assertTokens("x = #/a/b/#", [(.identifier, "x"), (.punctuation, "="), (.regex, "#/a/b/#")])
        assertTokens("x = #/\n  a # comment\n  /#", [(.identifier, "x"), (.punctuation, "="), (.regex, "#/\n  a # comment\n  /#")])
        assertTokens("f(/x/)", [(.identifier, "f"), (.punctuation, "("), (.regex, "/x/"), (.punctuation, ")")])
        // Not a regex: division after an expression, an operator name, a comment.
        assertTokens("a/b", [(.identifier, "a"), (.operator, "/"), (.identifier, "b")])
        assertTokens("static func /(l: A, r: A) {}", [
            (.keyword, "static"), (.keyword, "func"), (.operator, "/"), (.punctuation, "("), (.identifier, "l"),
            (.punctuation, ":"), (.identifier, "A"), (.punctuation, ","), (.identifier, "r"), (.punctuation, ":"),
            (.identifier, "A"), (.punctuation, ")"), (.punctuation, "{"), (.punctuation, "}"),
        ])
        assertTokens("x = y // not /a regex/", [(.identifier, "x"), (.punctuation, "="), (.identifier, "y"), (.comment, "// not /a regex/")])
        // A regex cannot start with a space (it would be an operator).
        assertTokens("foo(/ 1)", [(.identifier, "foo"), (.punctuation, "("), (.operator, "/"), (.integer, "1"), (.punctuation, ")")])
        // Escapes and groups inside the regex; like swiftc, a `/` ends the literal even in a class.
        assertTokens(#"let r = /[a-z]\/(b)/"#, [(.keyword, "let"), (.identifier, "r"), (.punctuation, "="), (.regex, #"/[a-z]\/(b)/"#)])
        assertTokens(#"let r = /[/]/"#, [(.keyword, "let"), (.identifier, "r"), (.punctuation, "="), (.regex, "/[/"), (.punctuation, "]"), (.operator, "/")])
    }

    // MARK: Comments

    func testComments() {
        assertTokens("a // line\n/// doc\n/* block /* nested */ still */ b /** doc block */", [
            (.identifier, "a"), (.comment, "// line"), (.comment, "/// doc"), (.comment, "/* block /* nested */ still */"),
            (.identifier, "b"), (.comment, "/** doc block */"),
        ])
        let t = Lexer.tokenize(Array("/// doc\n/** d */".utf8))
        XCTAssertTrue(t.allSatisfy { $0.flags.contains(.docComment) })
        // `//` inside an operator starts a comment.
        assertTokens("a +// c", [(.identifier, "a"), (.operator, "+"), (.comment, "// c")])
    }

    // MARK: Operators and punctuation

    func testOperatorsAndPunctuation() {
        assertTokens("a ?? b; c..<d; e?.f!; g -> h; x = &y; .+. z ∘ w", [
            (.identifier, "a"), (.operator, "??"), (.identifier, "b"), (.punctuation, ";"), (.identifier, "c"),
            (.operator, "..<"), (.identifier, "d"), (.punctuation, ";"), (.identifier, "e"), (.operator, "?"),
            (.punctuation, "."), (.identifier, "f"), (.operator, "!"), (.punctuation, ";"), (.identifier, "g"),
            (.punctuation, "->"), (.identifier, "h"), (.punctuation, ";"), (.identifier, "x"), (.punctuation, "="),
            (.operator, "&"), (.identifier, "y"), (.punctuation, ";"), (.operator, ".+."), (.identifier, "z"),
            (.operator, "∘"), (.identifier, "w"),
        ])
        assertTokens(#"\Foo.bar"#, [(.punctuation, "\\"), (.identifier, "Foo"), (.punctuation, "."), (.identifier, "bar")])
    }

    // MARK: File-level details

    func testByteOrderMarkShebangAndCRLF() {
        let src = "\u{FEFF}#!/usr/bin/env swift\r\nlet a = 1\r\nlet b = 2\rlet c"
        let bytes = Array(src.utf8)
        let tokens = Lexer.tokenize(bytes)
        let file = SourceFile(path: "x.swift", bytes: bytes)
        let firstLet = tokens[0]
        XCTAssertEqual(firstLet.kind, .keyword)
        XCTAssertEqual(file.location(Int(firstLet.start)), SourceLocation(line: 2, column: 1))
        let c = tokens.last!
        XCTAssertEqual(file.location(Int(c.start)), SourceLocation(line: 4, column: 5))
        XCTAssertEqual(file.lineText(2), "let a = 1")
    }

    func testColumnsCountUTF8Bytes() {
        let src = "let é = 1; let x = 2"
        let bytes = Array(src.utf8)
        let tokens = Lexer.tokenize(bytes)
        let file = SourceFile(path: "x.swift", bytes: bytes)
        let x = tokens.first { String(decoding: bytes[$0.range], as: UTF8.self) == "x" }!
        XCTAssertEqual(file.location(Int(x.start)), SourceLocation(line: 1, column: 17))
    }

    func testTokenDumpFormat() {
        let file = SourceFile(path: "x.swift", text: "let s = \"a\\\"\"\n")
        let out = TokenDump.render(file, tokens: Lexer.tokenize(file.bytes))
        let lines = out.split(separator: "\n")
        XCTAssertEqual(lines.count, 4)
        XCTAssertEqual(lines[0], #"{"kind":"keyword","text":"let","line":1,"column":1,"offset":0,"length":3}"#)
        XCTAssertEqual(lines[3], #"{"kind":"string","text":"\"a\\\"\"","line":1,"column":9,"offset":8,"length":5}"#)
    }

    // MARK: Bad input: never crash, never hang, always progress

    func testInvalidUTF8AndControlBytesBecomeUnknownTokens() {
        let bytes: [UInt8] = Array("let a = ".utf8) + [0xFF, 0xFE, 0xC3] + Array(" b\u{01}".utf8)
        let tokens = Lexer.tokenize(bytes)
        let kinds = tokens.map(\.kind)
        XCTAssertEqual(kinds, [.keyword, .identifier, .punctuation, .unknown, .identifier, .unknown])
        XCTAssertEqual(tokens[3].range, 8..<11)
    }

    func testUnterminatedLiteralsAndComments() {
        for src in ["\"abc", "\"\"\"\nabc", "#\"abc", "/* abc /* def */", "#/abc", "\"a\\(b", "\"a\\(\"b\\(", "`abc", "'abc"] {
            let tokens = Lexer.tokenize(Array(src.utf8))
            XCTAssertFalse(tokens.isEmpty, src)
            XCTAssertEqual(Int(tokens.last!.end), src.utf8.count, "tokens must cover the whole input: \(src)")
        }
        // A one-line string ends at the line break; the next line is code again.
        assertTokens("\"abc\nlet x", [(.string, "\"abc"), (.keyword, "let"), (.identifier, "x")])
    }

    func testRandomBytesAlwaysTerminateAndCoverInput() {
        var rng = SplitMix64(seed: 0x5EED)
        let alphabet = Array("\"#\\()/{}[]*`'$@ \n\r\tabc019.+-<>?!&|=:;,é😀".utf8) + [0xFF, 0x80, 0xC0, 0x00]
        for _ in 0..<300 {
            let n = Int(rng.next() % 400)
            let bytes = (0..<n).map { _ in alphabet[Int(rng.next() % UInt64(alphabet.count))] }
            let tokens = Lexer.tokenize(bytes)
            var last = 0
            for t in tokens {
                XCTAssertGreaterThanOrEqual(Int(t.start), last)
                XCTAssertGreaterThan(t.end, t.start)
                last = Int(t.end)
            }
            XCTAssertLessThanOrEqual(last, n)
            _ = FileStructure(file: SourceFile(path: "r.swift", bytes: bytes))
        }
    }

    func testEveryTruncationOfATrickyFile() {
        let tricky = ##"""
        actor A<T>: Sendable where T: Hashable {
            let r = #/a(b)/#; let s = "x\(y.map { "\($0)" })z" + #"raw \#(q)"#
            /* c /* n */ */ func f() async { await g(/ab/, 1 / 2) }
            let m = """
                line \(v)
                """
            #if DEBUG
            var x = 0x1p3
            #endif
        }
        """##
        let bytes = Array(tricky.utf8)
        for cut in 0...bytes.count {
            let prefix = Array(bytes[0..<cut])
            let tokens = Lexer.tokenize(prefix)
            if let last = tokens.last { XCTAssertLessThanOrEqual(Int(last.end), cut) }
            _ = FileStructure(file: SourceFile(path: "t.swift", bytes: prefix))
        }
    }

    func testDeepNestingDoesNotRecurse() {
        let depth = 100_000
        let braces = String(repeating: "{", count: depth) + String(repeating: "}", count: depth)
        let parens = String(repeating: "(", count: depth) + String(repeating: ")", count: depth)
        let interpolations = String(repeating: "\"\\(", count: depth) + String(repeating: ")\"", count: depth)
        for src in [braces, parens, interpolations, String(repeating: "{", count: depth), String(repeating: "\"\\(", count: depth)] {
            let s = FileStructure(file: SourceFile(path: "deep.swift", text: src))
            XCTAssertFalse(s.code.isEmpty)
        }
        let interp = Lexer.tokenize(Array(interpolations.utf8))
        XCTAssertEqual(interp.count, 2 * depth)
    }

    func testHugeFile() {
        let line = "let value = compute(\"text \\(x)\", 0x1F) // comment\n"
        let src = String(repeating: line, count: 100_000)
        let tokens = Lexer.tokenize(Array(src.utf8))
        XCTAssertEqual(tokens.count, 100_000 * 12)
    }
}

/// A small deterministic generator for the random-input tests.
struct SplitMix64 {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
