import Foundation

final class Beacon: NSObject {}

@MainActor
extension Beacon {
    func blink() {
        DispatchQueue.main.async { } // expect: dispatch_main_in_async
    }
}

// Isolated by its own declaration: extensions in other files inherit it.
@MainActor
final class Lamp {}
