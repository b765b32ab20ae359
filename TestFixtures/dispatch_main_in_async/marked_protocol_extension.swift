import Foundation

// A protocol whose extension is `@MainActor` does not isolate its conformers: only the
// extension's own members run on the main actor.
protocol Flippable {}

@MainActor
extension Flippable {
    func settle() {
        DispatchQueue.main.async { } // quiet: on the main actor the hop only defers the block
    }
}

final class Card: Flippable {
    func flip() {
        DispatchQueue.main.async { }
    }

    func flipLater() {
        Task {
            await Self.animate()
            DispatchQueue.main.async { }
        }
    }

    static func animate() async {}
}

// A protocol declared `@MainActor` isolates a class that conforms to it in its declaration: a
// task started in it inherits the main actor, and the hop there only defers.
@MainActor
protocol Panelish {}

final class SidePanel: Panelish {
    func redrawLater() {
        Task {
            await Self.animate()
            DispatchQueue.main.async { } // quiet: on the main actor the hop only defers the block
        }
    }

    static func animate() async {}
}
