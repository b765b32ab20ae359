import Foundation
import NIOConcurrencyHelpers

enum LinkPhase { case idle, open, parked, stopped }

// Each piece of state in a box of its own: a member that locks takes that box, not the link.
final class Link: @unchecked Sendable {
    private let phase = NIOLockedValueBox(LinkPhase.idle)
    private let peers = NIOLockedValueBox([String]())

    var currentPhase: LinkPhase { phase.withLockedValue { $0 } }
    var peerCount: Int { peers.withLockedValue { $0.count } }

    func stop() {
        phase.withLockedValue { $0 = .stopped }
    }

    func park() {
        phase.withLockedValue { $0 = .parked }
    }

    func add(_ peer: String) {
        peers.withLockedValue { $0.append(peer) }
    }
}

final class Session {
    let link = Link()

    // Checked through one acquisition of the box, then moved through another: the message names
    // 'link.phase', the guard each member takes, not 'link'.
    func stop() throws {
        if case .stopped = link.currentPhase { throw CancellationError() }
        link.stop() // expect: split_critical_section
    }

    func park() throws {
        guard link.currentPhase != .stopped else { throw CancellationError() }
        link.park() // expect: split_critical_section
    }

    // Quiet: checked in one box, written in another (no state in common).
    func join(_ peer: String) {
        guard link.currentPhase == .open else { return }
        link.add(peer)
    }

    // Quiet: a count from one box, nothing written back to it.
    func describe() -> String {
        "\(link.peerCount) peers"
    }
}
