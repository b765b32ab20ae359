import XCTest
@testable import LockLintCore

/// Accesses another type's code makes through a reference to a guarded class
/// (`OutsideAccesses`), on small sources.
final class OutsideAccessesTests: XCTestCase {
    func context(_ code: String) -> RuleContext {
        let s = FileStructure(file: SourceFile(path: "S.swift", text: code))
        return RuleContext(structure: s, vocabulary: .default, index: ProjectIndex.facts(of: s, vocabulary: .default))
    }

    let store = """
        final class Store: @unchecked Sendable {
            private let lock = NSLock()
            var count = 0
            func bump() { lock.withLock { count += 1 } }
        }

        """

    func testReferencesDeclaredAsTheClass() {
        let c = context(store + """
            final class Viewer {
                let store: Store?
                func peek() -> Int { store?.count ?? 0 }
                func reset(_ s: Store) { s.count = 0 }
            }
            """)
        let out = OutsideAccesses.extract(c)["Store"] ?? []
        XCTAssertEqual(out.map(\.variable), ["count", "count"])
        XCTAssertEqual(out.map(\.write), [false, true])
        XCTAssertTrue(out.allSatisfy(\.outside))
    }

    func testFreshWeakProtocolAndOwnCodeAreLeftOut() {
        let c = context(store + """
            protocol Counting: AnyObject { var count: Int { get set } }
            final class Maker {
                weak var spare: Store?
                let counter: Counting
                func make() -> Store { let s = Store(); s.count = 2; return s }
                func peek() -> Int { (spare?.count ?? 0) + counter.count }
                func guarded(_ s: Store) { s.lock.lock(); s.count = 1; s.lock.unlock() }
            }
            extension Store {
                func copy(from other: Store) { count = other.count }
            }
            """)
        XCTAssertEqual(OutsideAccesses.extract(c)["Store"]?.count ?? 0, 0,
                       "a fresh instance, a weak or protocol-typed reference, an access under the reference's lock, and the class's own code")
    }

    /// A `{` right after the member opens a statement's body (`for … in ref.x {`, `if ref.x {`,
    /// `while`, `switch`): the var is read there. A `{` that opens a trailing closure makes the
    /// member a method called with it, not a var.
    func testAStatementBodyAfterTheMemberIsARead() {
        let c = context(store + """
            final class Viewer {
                let store: Store
                init(store: Store) { self.store = store }
                func loop() { for _ in 0..<store.count { print(1) } }
                func check() { if store.count > 0 {} ; while store.count {} }
                func pick() { switch store.count { default: break } }
                func run() { store.bump { print(2) } }
            }
            """)
        let out = OutsideAccesses.extract(c)["Store"] ?? []
        XCTAssertEqual(out.map(\.site.line), [9, 10, 10, 11])
        XCTAssertTrue(out.allSatisfy { !$0.write })
    }
}
