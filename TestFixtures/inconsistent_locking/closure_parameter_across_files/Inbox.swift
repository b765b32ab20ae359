import Foundation

// The class guards `messages` with its lock; the extension in the other file maps with a
// closure whose parameter has the property's name.
final class Inbox {
    let lock = NSLock()
    var messages: [String] = []

    func receive(_ m: String) {
        lock.lock()
        defer { lock.unlock() }
        messages.append(m)
    }
}
