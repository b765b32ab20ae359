import Foundation

/// Another spelling: a stack whose private node class is touched only in `section.run { }`
/// closures (a wrapper struct of the module's own around NSLock).
final class NodeStack: @unchecked Sendable {
    private final class Frame: @unchecked Sendable {
        var value: Int
        var below: Frame?
        init(_ value: Int, below: Frame?) { self.value = value; self.below = below }
    }

    private let section = Section()
    private var top: Frame?

    func push(_ v: Int) {
        section.run { top = Frame(v, below: top) }
    }

    func pop() -> Int? {
        section.run {
            guard let f = top else { return nil }
            top = f.below
            f.below = nil
            return f.value
        }
    }

    func bumpTop() {
        section.run { top?.value += 1 }
    }
}

/// Near miss: the plate's weight is changed after the lock is let go.
final class SlackStack: @unchecked Sendable {
    private final class Plate: @unchecked Sendable { // expect: unchecked_sendable_unguarded
        var weight: Int
        var under: Plate?
        init(_ weight: Int, under: Plate?) { self.weight = weight; self.under = under }
    }

    private let section = Section()
    private var top: Plate?

    func push(_ v: Int) {
        section.run { top = Plate(v, under: top) }
    }

    func bumpTop() {
        let p = section.run { top }
        p?.weight += 1
    }
}
