import XCTest
@testable import LockLintCore

final class ClosureFeedsTests: XCTestCase {
    func structure(_ code: String, path: String = "S.swift") -> FileStructure { FileStructure(file: SourceFile(path: path, text: code)) }

    func index(_ files: [(String, String)]) -> ProjectIndex {
        var index = ProjectIndex()
        for (path, code) in files { index.merge(ProjectIndex.facts(of: structure(code, path: path), vocabulary: .default)) }
        index.finish()
        return index
    }

    /// The values of a closure property: a default that is a function of a value type, a closure
    /// literal passed in another folder that captures a value, a member assignment. One value
    /// that captures an instance of a class of the run, uses `self` or is handed in makes it one
    /// the tool cannot clear.
    func testValuesOfClosureProperties() {
        let library = """
            final class Gate {
                let now: () -> Date
                var label: (Int) -> String = { n in "\\(n)" }
                init(now: @escaping () -> Date = Date.init) { self.now = now }
                func open() {}
            }
            final class Relay {
                let done: () -> Void
                init(done: @escaping () -> Void) { self.done = done }
            }
            public final class Probe {
                let read: () -> Int
                public init(read: @escaping () -> Int) { self.read = read }
            }
            final class Never {
                var hook: (() -> Void)?
            }
            """
        let checks = """
            func check(g: Gate) {
                let fixed = Date()
                let gate = Gate(now: { fixed })
                gate.label = { String($0) }
                var relay: Relay?
                relay = Relay(done: { g.open() })
                let other = Relay { [weak gate] in _ = gate }
            }
            """
        let idx = index([("Lib/Gate.swift", library), ("Checks/Check.swift", checks)])
        XCTAssertTrue(RuleContext.storedClosureHoldsOnlyValues(type: "Gate", property: "now", index: idx))
        XCTAssertTrue(RuleContext.storedClosureHoldsOnlyValues(type: "Gate", property: "label", index: idx))
        XCTAssertFalse(RuleContext.storedClosureHoldsOnlyValues(type: "Relay", property: "done", index: idx))
        XCTAssertFalse(RuleContext.storedClosureHoldsOnlyValues(type: "Probe", property: "read", index: idx))
        XCTAssertFalse(RuleContext.storedClosureHoldsOnlyValues(type: "Never", property: "hook", index: idx))
    }

    /// Positional arguments and trailing closures count for the unlabeled parameter; a subclass
    /// in the run may pass its own.
    func testPositionalAndSubclassed() {
        let code = """
            class Source {
                let make: () -> [String: Int]
                init(_ a: Int, _ make: @escaping () -> [String: Int]) { self.make = make }
            }
            let s1 = Source(1, { [:] })
            let s2 = Source(2) { ["a": 1] }
            final class Cell {
                let tick: () -> Int
                init(tick: @escaping () -> Int) { self.tick = tick }
            }
            let c = Cell(tick: { 1 })
            class Base {
                let f: () -> Int
                init(f: @escaping () -> Int) { self.f = f }
            }
            final class Derived: Base {}
            let b = Base(f: { 2 })
            let u = Cell(tick: helper)
            enum Outer { final class Inner { let f: () -> Int; init(f: @escaping () -> Int = { 0 }) { self.f = f } } }
            let i = Outer.Inner(f: { helper() })
            """
        let idx = index([("Lib/S.swift", code)])
        XCTAssertTrue(RuleContext.storedClosureHoldsOnlyValues(type: "Source", property: "make", index: idx))
        XCTAssertFalse(RuleContext.storedClosureHoldsOnlyValues(type: "Cell", property: "tick", index: idx))
        XCTAssertFalse(RuleContext.storedClosureHoldsOnlyValues(type: "Base", property: "f", index: idx))
        // A nested type called by its qualified name.
        XCTAssertFalse(RuleContext.storedClosureHoldsOnlyValues(type: "Inner", property: "f", index: idx))
    }

    /// Only what a question can read is kept: a literal argument (never a closure) is dropped,
    /// and a key one value of which cannot be read keeps no names. A member assignment of code
    /// the tool cannot read keeps a `var` closure from being cleared; one of values does not.
    func testKeepsOnlyWhatQuestionsRead() {
        let panel = """
            final class Panel {
                var paint: () -> Int = { 0 }
                let size: Int
                init(size: Int) { self.size = size }
            }
            func setUp(width: Int) {
                let p = Panel(size: 3)
                let q = Panel(size: width)
                p.paint = { 1 }
            }
            """
        let feeds = ClosureFeeds.extract(structure(panel))
        XCTAssertTrue(feeds.arguments.names.isEmpty)
        XCTAssertEqual(feeds.arguments.held, [ClosureFeeds.argumentKey(type: "Panel", label: "size")])
        XCTAssertEqual(feeds.members.names[StateWrites.nameHash("paint")], [ClosureFeeds.valueMark])
        XCTAssertTrue(RuleContext.storedClosureHoldsOnlyValues(type: "Panel", property: "paint", index: index([("Lib/Panel.swift", panel)])))
        let rewire = "func rewire(_ p: Panel) { p.paint = { helper() } }"
        let idx = index([("Lib/Panel.swift", panel), ("Lib/Rewire.swift", rewire)])
        XCTAssertTrue(idx.closureFeeds.members.held.contains(StateWrites.nameHash("paint")))
        XCTAssertNil(idx.closureFeeds.members.names[StateWrites.nameHash("paint")])
        XCTAssertFalse(RuleContext.storedClosureHoldsOnlyValues(type: "Panel", property: "paint", index: idx))
    }
}
