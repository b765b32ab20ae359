import Foundation

// A reason written above an early exit that gates the hop speaks for the hop: the `guard` only
// decides whether it runs. Any other statement in between, or a comment that gives no reason
// about timing, leaves the hop reported.
@MainActor
final class PanelTracker {
    var attempts = 0

    func attach(_ view: View, retry: Bool) {
        guard let child = view.firstChild else {
            // The child appears only after the next layout pass, so try once more on a later turn.
            guard retry else { return }
            DispatchQueue.main.async { [weak self] in
                self?.attach(view, retry: false)
            }
            return
        }
        child.mark()
    }

    func attachTwoGates(_ view: View, retry: Bool, enabled: Bool) {
        // Deliberately deferred: the caller must finish configuring the view first.
        guard enabled else { return }
        guard retry else {
            return
        }
        DispatchQueue.main.async { view.mark() }
    }

    func attachSplitCall(_ view: View, retry: Bool) {
        // Runs after the current run loop pass, when the hierarchy has settled.
        guard retry else { return }
        DispatchQueue.main
            .async { view.mark() }
    }

    // Reported: the comment above the guard says nothing about timing.
    func attachPlain(_ view: View, retry: Bool) {
        // Only retry when asked to.
        guard retry else { return }
        DispatchQueue.main.async { view.mark() } // quiet: on the main actor the hop only defers the block
    }

    // Reported: a statement that is not an early exit sits between the reason and the hop.
    func attachAfterWork(_ view: View, retry: Bool) {
        // Deliberately deferred to the next turn.
        guard retry else { return }
        attempts += 1
        DispatchQueue.main.async { view.mark() } // quiet: on the main actor the hop only defers the block
    }

    // Reported: an `if` is not an early exit that gates the hop.
    func attachAfterIf(_ view: View, retry: Bool) {
        // Deliberately deferred to the next turn.
        if retry { attempts += 1 }
        DispatchQueue.main.async { view.mark() } // quiet: on the main actor the hop only defers the block
    }
}

final class View {
    var firstChild: View? { nil }
    func mark() {}
}
