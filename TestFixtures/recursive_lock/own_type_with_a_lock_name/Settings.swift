import Foundation

// Declared in another file, so the tool cannot tell from here whether this lock is recursive:
// it says nothing about taking it again.
final class Settings {
    private let mutex = Mutex(recursive: true)
    private var values: [String: String] = [:]

    var count: Int {
        mutex.lock()
        defer { mutex.unlock() }
        return values.count
    }

    func set(_ key: String, _ value: String) {
        mutex.lock()
        defer { mutex.unlock() }
        values[key] = value
        if count > 100 { values.removeAll() }
    }
}
