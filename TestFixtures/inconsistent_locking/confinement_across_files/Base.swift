import Foundation

/// A base class whose serial queue its subclasses run on; it asserts the queue for them.
class Worker {
    let queue = DispatchQueue(label: "worker")
    func assertOnQueue() {
        dispatchPrecondition(condition: .onQueue(queue))
    }
}

/// A base class isolated to the main actor: its subclasses are too.
@MainActor
class ScreenBase {
    func layout() {}
}
