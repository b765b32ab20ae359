import Foundation

// A local declared in one case of a switch is not in scope in the next case: there the name is
// the property again, and the property's type decides what `lock()` means.

final class Recorder {
    struct Panel: Equatable {
        var mode = 0
        static let idle = Panel()
        // A domain action that sets a flag; it takes no lock and has no unlock.
        mutating func lock() { mode = 2 }
    }

    var panel: Panel = .idle {
        didSet { print(panel.mode) }
    }

    func apply(_ action: Int) {
        switch action {
        case 0:
            var panel = panel
            panel.mode = 1
            self.panel = panel
        case 1:
            panel.lock()
        default:
            panel = .idle
        }
    }
}

// Near miss: the property is a real lock, so a case that takes it and never releases it is
// reported, whatever another case declares under the same name.
final class Gatekeeper {
    private let gate = NSLock()
    private var opened = 0

    func handle(_ event: Int) {
        switch event {
        case 0:
            let gate = "shadow"
            print(gate)
        case 1:
            gate.lock() // expect: lock_without_defer
            opened += 1
        default:
            break
        }
    }
}

// The same through a block: a local of an `if` body ends with it.
final class Dashboard {
    struct Screen {
        var locked = false
        mutating func lock() { locked = true }
    }

    var screen = Screen()

    func freeze(animated: Bool) {
        if animated {
            var screen = screen
            screen.locked = false
            print(screen)
        }
        screen.lock()
    }
}
