import Foundation
import XCTest
@testable import LockLintCore
import LockLintRules

/// A fix-it writes the class's lock as its code reaches it: an optional lock property is
/// `lock?.withLock { }`, not `lock.withLock`, which would not compile.
final class OptionalLockWordingTests: XCTestCase {
    func testOptionalLockIsWrittenWithItsQuestionMark() async throws {
        // A `var` of optional type, taken with withLock.
        let box = """
            import Foundation
            final class Box: @unchecked Sendable {
                private var lock: NSLock? = NSLock()
                private var items: [Int] = []
                func add(_ v: Int) { lock?.withLock { items.append(v) } }
                func pop() { lock?.withLock { _ = items.popLast() } }
                func clear() { items = [] }
            }
            """
        // A `let` of optional type, taken with lock() and unlock().
        let gate = """
            import Foundation
            final class Gate: @unchecked Sendable {
                private let lock: NSLock? = NSLock()
                private var count = 0
                func add() { lock?.lock(); count += 1; lock?.unlock() }
                func inc() { lock?.lock(); defer { lock?.unlock() }; count += 1 }
                func reset() { count = 0 }
            }
            """
        // Declared in one file, reached unguarded from an extension in another.
        let feed = """
            import Foundation
            final class Feed: @unchecked Sendable {
                var lock: NSRecursiveLock?
                var seen = 0
                func tick() { lock?.withLock { seen += 1 } }
                func back() { lock?.withLock { seen -= 1 } }
            }
            """
        let feedReset = """
            import Foundation
            extension Feed {
                func reset() { seen = 0 }
            }
            """
        // A lock that is not optional keeps its plain spelling.
        let plain = """
            import Foundation
            final class Plain: @unchecked Sendable {
                private let lock = NSLock()
                private var items: [Int] = []
                func add(_ v: Int) { lock.withLock { items.append(v) } }
                func pop() { lock.withLock { _ = items.popLast() } }
                func clear() { items = [] }
            }
            """
        let ds = await Support.lint([("Sources/M/Box.swift", box), ("Sources/M/Gate.swift", gate), ("Sources/M/Feed.swift", feed),
                                     ("Sources/M/Feed+Reset.swift", feedReset), ("Sources/M/Plain.swift", plain)],
                                    rules: [UncheckedSendableUnguardedRule()])
        let fix = Dictionary(ds.map { ("\($0.path.split(separator: "/").last!):\($0.location.line)", $0.fixIt.message) }, uniquingKeysWith: { a, _ in a })
        XCTAssertEqual(fix.keys.sorted(), ["Box.swift:7", "Feed+Reset.swift:3", "Gate.swift:7", "Plain.swift:7"], "\(fix)")
        XCTAssertTrue(fix["Box.swift:7"]?.hasPrefix("wrap this access in lock?.withLock { } (or lock?.lock(); defer { lock?.unlock() })") ?? false, "\(fix)")
        XCTAssertTrue(fix["Gate.swift:7"]?.hasPrefix("wrap this access in lock?.lock(); defer { lock?.unlock() }") ?? false, "\(fix)")
        XCTAssertTrue(fix["Feed+Reset.swift:3"]?.contains("lock?.withLock { }") ?? false, "\(fix)")
        XCTAssertTrue(fix["Plain.swift:7"]?.hasPrefix("wrap this access in lock.withLock { } (or lock.lock(); defer { lock.unlock() })") ?? false, "\(fix)")
        for k in ["Box.swift:7", "Gate.swift:7", "Feed+Reset.swift:3"] {
            XCTAssertFalse(fix[k]?.contains(" lock.") ?? true, "\(fix)")
        }
    }
}
