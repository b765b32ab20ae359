import Foundation

enum LinkPhase { case idle, up, down }

final class Link: @unchecked Sendable {
    private let phase = Guarded(LinkPhase.idle)
    private let routes = Guarded([String: Int]())
    private var sent = 0

    var currentPhase: LinkPhase { phase.withLockedValue { $0 } }

    // Writes the routes and a counter of its own: not the phase.
    func addRoute(_ name: String, port: Int) {
        sent += 1
        routes.withLockedValue { $0[name] = port }
        announce(name)
    }

    private func announce(_ name: String) { print(name) }

    // Writes the phase through a helper of its own, after clearing the routes.
    func shutDown(after delay: Int) {
        routes.withLockedValue { $0 = [:] }
        markDown()
    }

    private func markDown() { phase.withLockedValue { $0 = .down } }
}
