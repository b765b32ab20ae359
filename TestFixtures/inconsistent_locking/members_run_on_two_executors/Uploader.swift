import Foundation

/// Shape 2: two serial queues of an @unchecked Sendable class.
final class Uploader: @unchecked Sendable {
    private let io = DispatchQueue(label: "io")
    private let timer = DispatchQueue(label: "timer")
    private var pending: [String] = []

    func enqueue(_ s: String) {
        io.async { self.flush(adding: s) }
    }

    func fire() {
        timer.async { self.flush(adding: nil) }
    }

    private func flush(adding s: String?) {
        if let s { pending.append(s) } // expect: unchecked_sendable_unguarded
        pending.removeAll()
    }
}
