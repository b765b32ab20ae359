import Foundation

final class Dialer {
    let link = Link()

    // The check reads the phase, the act writes the routes: nothing the check read changes.
    func connect(_ name: String) throws {
        if case .down = link.currentPhase { throw CancellationError() }
        link.addRoute(name, port: 80)
    }

    // The act writes the phase the check read (through a helper of the link).
    func hangUp() {
        if link.currentPhase == .up {
            link.shutDown(after: 0) // expect: split_critical_section
        }
    }
}
