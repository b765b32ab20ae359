import XCTest
@testable import LockLintCore
import LockLintRules

/// A class another module of the run declares is a reference type in a module that imports it:
/// a subscript assigned through a var of that class changes the object, not the var.
final class CrossModuleClassTests: XCTestCase {
    func lint(store: String) async -> [Diagnostic] {
        let view = """
            import Basics
            final class TreeView: @unchecked Sendable {
                var trees = KeyedStore<String, Int>()
                func load(_ k: String) -> Int {
                    if let t = trees[k] { return t }
                    self.trees[k] = 1
                    return 1
                }
            }
            """
        let inputs = [
            LintInput(path: "Sources/Basics/KeyedStore.swift", bytes: Array(store.utf8), context: FileContext(module: "Sources/Basics")),
            LintInput(path: "Sources/Views/TreeView.swift", bytes: Array(view.utf8), context: FileContext(module: "Sources/Views")),
        ]
        let settings = LintSettings(rules: [UncheckedSendableUnguardedRule()], configuration: Configuration(), includeGenerated: true, jobs: 2,
                                    knownRuleIDs: Set(RuleRegistry.ids))
        return await Linter.lint(inputs, settings: settings).diagnostics
    }

    func testAClassOfAnotherModuleIsAReferenceAndAStructIsNot() async {
        let locked = """
            import Foundation
            public final class KeyedStore<Key: Hashable, Value> {
                private let lock = NSLock()
                private var items: [Key: Value] = [:]
                public init() {}
                public subscript(key: Key) -> Value? {
                    get { lock.withLock { items[key] } }
                    set { lock.withLock { items[key] = newValue } }
                }
            }
            """
        let asClass = await lint(store: locked)
        XCTAssertEqual(asClass.filter { $0.path.hasSuffix("TreeView.swift") }.map(\.location.line), [])
        let asStruct = await lint(store: locked.replacingOccurrences(of: "public final class", with: "public struct")
            .replacingOccurrences(of: "set { lock", with: "nonmutating set { lock"))
        XCTAssertEqual(asStruct.filter { $0.path.hasSuffix("TreeView.swift") }.map(\.location.line), [2])
    }
}
