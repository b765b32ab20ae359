import Foundation
import XCTest
@testable import LockLintCore
import LockLintRules

/// A fix-it that tells the user to take a lock offers the form the class already uses for it
/// (its own closure method, its lock()/unlock() pair), not another closure method the project
/// happens to declare on the lock's type (one private to another file, for instance).
final class ClassFormFixItTests: XCTestCase {
    static let helpers = """
        import Foundation

        extension NSLocking {
            func execute<T>(_ body: () throws -> T) rethrows -> T {
                lock()
                defer { unlock() }
                return try body()
            }
        }

        private extension NSLock {
            func guarded<T>(_ body: () -> T) -> T {
                lock(); defer { unlock() }
                return body()
            }
        }
        """

    func fixIts(_ client: String) async -> [Int: String] {
        let ds = await Support.lint([("Sources/M/NSLock+Run.swift", Self.helpers), ("Sources/M/Client.swift", client)],
                                    rules: [InconsistentLockingRule()])
        return Dictionary(ds.map { ($0.location.line, $0.fixIt.message) }, uniquingKeysWith: { a, _ in a })
    }

    /// The class's own closure method on the protocol its lock conforms to.
    func testTheClosureMethodTheClassUses() async {
        let fixes = await fixIts("""
            import Foundation

            final class Client {
                private let lock = NSLock()
                private var sessions: [String: Int] = [:]

                func add(_ k: String) { lock.execute { sessions[k] = 1 } }
                func remove(_ k: String) { lock.execute { sessions[k] = nil } }
                func peek(_ k: String) -> Int? { sessions[k] }
            }
            """)
        XCTAssertEqual(fixes.keys.sorted(), [9], "\(fixes)")
        XCTAssertTrue(fixes[9]?.hasPrefix("wrap this access in lock.execute { } like the others") ?? false, fixes[9] ?? "")
        XCTAssertFalse(fixes[9]?.contains("guarded") ?? true, fixes[9] ?? "")
    }

    /// The class's lock()/unlock() pair, with a deferred release.
    func testThePairTheClassUses() async {
        let fixes = await fixIts("""
            import Foundation

            final class Registry {
                private let lock = NSLock()
                private var names: [String] = []

                func add(_ n: String) {
                    lock.lock()
                    defer { lock.unlock() }
                    names.append(n)
                }
                func reset() {
                    lock.lock()
                    names = []
                    lock.unlock()
                }
                func count() -> Int { names.count }
            }
            """)
        XCTAssertEqual(fixes.keys.sorted(), [17], "\(fixes)")
        XCTAssertTrue(fixes[17]?.hasPrefix("wrap this access in lock.lock(); defer { lock.unlock() }") ?? false, fixes[17] ?? "")
    }

    /// A class that uses the project's method (here, the only one) is offered it.
    func testTheProjectMethodWhenTheClassUsesIt() async {
        let fixes = await fixIts("""
            import Foundation

            final class Cache {
                private let lock = NSLock()
                private var entries: [Int: String] = [:]

                func put(_ k: Int, _ v: String) { lock.guarded { entries[k] = v } }
                func drop(_ k: Int) { lock.guarded { entries[k] = nil } }
                func get(_ k: Int) -> String? { entries[k] }
            }
            """)
        XCTAssertEqual(fixes.keys.sorted(), [9], "\(fixes)")
        XCTAssertTrue(fixes[9]?.hasPrefix("wrap this access in lock.guarded { } (the project's own closure method on NSLock)") ?? false, fixes[9] ?? "")
    }
}
