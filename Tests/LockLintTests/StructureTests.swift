import XCTest
@testable import LockLintCore

/// The structural model: declarations, scopes, closures and what rules query from it.
final class StructureTests: XCTestCase {
    func structure(_ code: String) -> FileStructure { FileStructure(file: SourceFile(path: "S.swift", text: code)) }

    /// Code compiled only for tests: a test flag (a name containing TEST, not negated) that
    /// every alternative of the condition requires; nested branches inherit it.
    func testCodeCompiledOnlyForTests() {
        let s = structure("""
            #if TESTING
            let a = 1
            #else
            let b = 2
            #endif
            #if DEBUG && (UnitTest || TEST_HOOKS)
            let c = 3
            #elseif os(iOS)
            let d = 4
            #endif
            #if os(iOS) || TESTING
            let e = 5
            #endif
            #if !TESTING
            let f = 6
            #endif
            #if TESTING
            #if os(macOS)
            let g = 7
            #endif
            #endif
            #if CONTEST
            let h = 8
            #endif
            """)
        func at(_ name: String) -> Int { s.code.firstIndex { s.file.text($0.range) == name }! }
        XCTAssertTrue(s.inTestOnlyCode(at("a")))
        XCTAssertFalse(s.inTestOnlyCode(at("b")))
        XCTAssertTrue(s.inTestOnlyCode(at("c")))
        XCTAssertFalse(s.inTestOnlyCode(at("d")))
        XCTAssertFalse(s.inTestOnlyCode(at("e")))
        XCTAssertFalse(s.inTestOnlyCode(at("f")))
        XCTAssertTrue(s.inTestOnlyCode(at("g")))
        // A name that merely contains the letters (CONTEST) counts too: the rule is by name.
        XCTAssertTrue(s.inTestOnlyCode(at("h")))
        XCTAssertTrue(s.hasTestOnlyCode)
        XCTAssertFalse(structure("#if DEBUG\nlet x = 1\n#endif").hasTestOnlyCode)
    }

    func testDeclarationsModifiersAndBodies() {
        let s = structure("""
            @MainActor
            public final class Store<T>: Base, @unchecked Sendable where T: Hashable {
                private(set) var count = 0
                lazy var cache: [T] = []
                var computed: Int { count * 2 }
                var observed = 0 { didSet { print(observed) } }
                nonisolated(unsafe) static var shared: Store?
                func load() async throws -> Int { 1 }
                init() {}
            }
            """)
        let store = s.decls.first { $0.kind == .class }!
        XCTAssertEqual(store.nameText, "Store")
        XCTAssertTrue(store.modifiers.contains(.final) && store.modifiers.contains(.public))
        XCTAssertEqual(s.attributeNames(store), ["MainActor"])
        XCTAssertEqual(s.inheritedTypes(of: s.decls.firstIndex { $0.kind == .class }!).map { "\($0.name)\($0.unchecked ? "!" : "")" },
                       ["Base", "Sendable!"])
        let vars = s.decls.filter { $0.kind == .variable }
        XCTAssertEqual(vars.map(\.nameText), ["count", "cache", "computed", "observed", "shared"])
        XCTAssertEqual(vars.map(\.isComputed), [false, false, true, false, false])
        XCTAssertTrue(vars[0].modifiers.contains(.setterAccess))
        XCTAssertTrue(vars[4].modifiers.contains(.nonisolatedUnsafe) && vars[4].isStaticMember)
        let load = s.decls.first { $0.kind == .function }!
        XCTAssertTrue(load.isAsync && load.isThrows)
    }

    /// Code in branches that assume one `#if` condition true and false is never compiled
    /// together, in one chain or in two chains on the same condition.
    func testConditionalBranchesTellTwinsApart() {
        let s = structure("""
            #if os(Windows)
            final class Lock { var a = 0 }
            #elseif canImport(Glibc)
            final class Lock { var b = 0 }
            #else
            final class Lock { var c = 0 }
            #endif
            extension Lock {
                #if !os(Windows)
                func f() { print(b) }
                #endif
                #if (os(Windows))
                func g() { print(a) }
                #endif
                func h() {}
            }
            """)
        let twins = s.typeDecls(named: "Lock").filter { s.decls[$0].kind == .class }
        XCTAssertEqual(twins.count, 3)
        let f = s.functionDecls(named: "f")[0]
        let g = s.functionDecls(named: "g")[0]
        let h = s.functionDecls(named: "h")[0]
        let fBody = s.decls[f].keyword
        // `f` is compiled with the Glibc and the other twin, not the Windows one.
        XCTAssertEqual(twins.map { s.compatible($0, with: fBody) }, [false, true, true])
        XCTAssertEqual(twins.map { s.compatible($0, with: s.decls[g].keyword) }, [true, false, false])
        XCTAssertEqual(twins.map { s.compatible($0, with: s.decls[h].keyword) }, [true, true, true])
        XCTAssertEqual(s.typeDecls(named: "Lock", compatibleWith: fBody).count, 3)  // two twins and the extension
        XCTAssertTrue(s.exclusive(s.decls[twins[0]].keyword, s.decls[twins[1]].keyword))
        XCTAssertFalse(s.exclusive(fBody, fBody))
        // A name in `f` resolves to the member of a twin compiled with it.
        let use = (0..<s.count).first { s.is($0, "b") && s.isChar($0 - 1, UInt8(ascii: "(")) }!
        if case .variable(let d) = s.lookupVariable("b", at: use) { XCTAssertEqual(s.decls[d].parent, twins[1]) } else { XCTFail("b not found") }
    }

    func testClosuresKnowTheirCallAndReceiver() {
        let s = structure("""
            func f() {
                self.state.withLock { value in value += 1 }
                Task.detached { await g() }
                queue.sync(execute: { work() })
                let stored = { [weak self] (x: Int) async -> Void in }
            }
            """)
        let callees = s.closures.map { $0.callee >= 0 ? s.text($0.callee) : "-" }
        XCTAssertEqual(callees, ["withLock", "detached", "sync", "-"])
        XCTAssertEqual(s.text(s.closures[0].receiverStart..<(s.closures[0].callee - 1)), "self.state")
        XCTAssertEqual(s.closures[0].parameterNames, ["value"])
        XCTAssertTrue(s.closures[3].isAsync)
        XCTAssertEqual(s.closures[3].parameterNames, ["x"])
    }

    func testWordsUsedAsNamesDoNotOpenDeclarations() {
        let s = structure("let actor = 1\nlet x = foo.class\nfunc `extension`() {}\nvar `struct` = 2\nlet y = x.protocol\n")
        XCTAssertFalse(s.decls.contains { $0.kind.isType })
    }

    func testConditionalCompilationBranchesShareOneNesting() {
        let s = structure("""
            #if os(Linux)
            func run() {
            #else
            func run() async {
            #endif
                work()
            }
            struct After {}
            """)
        let after = s.decls.first { $0.nameText == "After" }!
        XCTAssertEqual(after.parent, -1, "the struct after the #if is at file level")
    }

    func testIdentifierFilterHasNoFalseNegatives() {
        var rng = SplitMix64(seed: 7)
        let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_0123456789")
        var names: [String] = []
        for _ in 0..<2000 {
            let n = 1 + Int(rng.next() % 20)
            names.append("x" + String((0..<n).map { _ in letters[Int(rng.next() % UInt64(letters.count))] }))
        }
        let s = structure(names.map { "let v = \($0)" }.joined(separator: "\n"))
        for n in names { XCTAssertTrue(s.identifiers.mayContain(n), n) }
        let small = structure("let value = compute()")
        XCTAssertFalse(small.identifiers.mayContain("DispatchSemaphore"))
    }

    /// The names a file calls in `await` expressions and `async let` initializers: arguments and
    /// chained calls count, closure bodies are read for their own awaits, and code after the
    /// expression does not count.
    func testAwaitedCalleesOfAFile() {
        let s = structure("""
            func run() async throws {
                let a = try await loader.load(id: key(), await token())
                async let b = fetch()
                await withTaskGroup(of: Void.self) { group in
                    group.addTask { await self.refresh() }
                    plain()
                }
                notAwaited()
                _ = await session.data(from: url).first
            }
            """)
        XCTAssertEqual(ProjectIndex.awaitedCallees(s), ["load", "key", "token", "fetch", "withTaskGroup", "refresh", "data"])
    }
}

final class ShadowingTests: XCTestCase {
    func structure(_ code: String) -> FileStructure { FileStructure(file: SourceFile(path: "S.swift", text: code)) }

    /// Token index of the `n`th (0-based) occurrence of identifier `name`.
    private func token(_ s: FileStructure, _ name: String, _ n: Int) -> Int {
        s.code.indices.filter { s.code[$0].kind == .identifier && s.text($0) == name }[n]
    }

    func testALocalHidesThePropertyOnlyInItsBlock() {
        let s = structure("""
            final class Box {
                var value = 0
                func read(_ flag: Bool) -> Int {
                    if flag {
                        let value = 1
                        print(value)
                    }
                    return value
                }
            }
            """)
        let read = s.decls.firstIndex { $0.nameText == "read" }!
        // 0: the property, 1: the local's name, 2: its use in the block, 3: after the block.
        XCTAssertTrue(StateAccess.isShadowed(s, "value", at: token(s, "value", 2), in: read))
        XCTAssertFalse(StateAccess.isShadowed(s, "value", at: token(s, "value", 3), in: read))
    }

    func testParametersAndClosureParametersHide() {
        let s = structure("""
            final class Box {
                var value = 0
                var items: [Int] = []
                func add(value: Int) {
                    items.forEach { items in print(items) }
                    print(value, items)
                }
            }
            """)
        let add = s.decls.firstIndex { $0.nameText == "add" }!
        XCTAssertTrue(StateAccess.isShadowed(s, "value", at: token(s, "value", 2), in: add))
        // `items` in the closure is its parameter; after the closure it is the property.
        XCTAssertTrue(StateAccess.isShadowed(s, "items", at: token(s, "items", 3), in: add))
        XCTAssertFalse(StateAccess.isShadowed(s, "items", at: token(s, "items", 4), in: add))
    }
}

final class HandedClosureTests: XCTestCase {
    func structure(_ code: String) -> FileStructure { FileStructure(file: SourceFile(path: "S.swift", text: code)) }

    func testAClosureHandedAsExecuteRunsAsThatCallsClosure() {
        let s = structure("""
            func f() {
                let item = DispatchWorkItem { work() }
                queue.asyncAfter(deadline: .now() + 1, execute: item)
                let step: () -> Void = { work() }
                queue.async(execute: step)
                let both = { work() }
                queue.async(execute: both)
                both()
            }
            """)
        let callees = s.closures.map { $0.callee >= 0 ? s.text($0.callee) : "" }
        let receivers = s.closures.map { $0.receiverStart >= 0 ? s.text($0.receiverStart) : "" }
        XCTAssertEqual(callees, ["asyncAfter", "async", ""])
        XCTAssertEqual(receivers, ["queue", "queue", ""])
    }
}

final class ClosureParameterTypeTests: XCTestCase {
    func testTypeWrittenForAClosureParameter() {
        let s = FileStructure(file: SourceFile(path: "S.swift", text: """
            func f() {
                items.forEach { (item: Feed) in item.lock() }
                others.forEach { other in other.lock() }
            }
            """))
        let locks = s.code.indices.filter { s.text($0) == "lock" }
        XCTAssertEqual(s.closureParameterTypeName("item", at: locks[0]), "Feed")
        XCTAssertNil(s.closureParameterTypeName("other", at: locks[1]))
    }
}
