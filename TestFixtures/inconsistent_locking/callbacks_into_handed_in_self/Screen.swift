import Foundation

/// The third shape: a serial queue, the hand-out's argument labelled, the callback in an
/// extension in another file (`Screen+Modes.swift`).
final class Screen {
    private let queue = DispatchQueue(label: "screen")
    private let reader = ModeReader()
    var modes: Set<Int> = []

    func process(_ codes: [Int]) { queue.sync { reader.read(codes, for: self) } }
    func current() -> Set<Int> { queue.sync { modes } }
    func clearModes() { queue.sync { modes.removeAll() } }
}

final class ModeReader {
    func read(_ codes: [Int], for screen: Screen) {
        for c in codes where c > 0 { screen.enable(c) }
    }
}
