import Foundation

final class Beacon: NSObject {}

@MainActor
extension Beacon {
    func blink() {
        DispatchQueue.main.async { } // quiet: on the main actor the hop only defers the block
    }
}

// Isolated by its own declaration: extensions in other files inherit it.
@MainActor
final class Lamp {}
