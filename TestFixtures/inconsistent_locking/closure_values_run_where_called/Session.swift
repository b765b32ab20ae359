import Foundation

/// A completion closure handed between private methods runs where the last of them calls it
/// (the methods and their callers in an extension in another file).
final class Session {
    let queue = DispatchQueue(label: "session")
    var token: String?
    var attempts = 0

    func refresh() {
        queue.async { self.token = nil }
    }
}
