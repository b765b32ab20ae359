import Foundation

// A class whose members are spread over two files. The fill of `settings` and the caller's
// write of it are both here: reported. The caller's write of `cachedName` is only in the other
// file, which the check does not read: quiet (a known limit).
final class Session: @unchecked Sendable {
    let lock = NSLock()
    var settings: [String: String]?
    var cachedName: String?

    func reload() -> [String: String] { [:] }

    var currentSettings: [String: String] {
        if let s = lock.withLock({ settings }) { return s }
        let loaded = reload()
        lock.withLock { self.settings = loaded } // expect: split_critical_section
        return loaded
    }

    func apply(_ new: [String: String]) {
        lock.withLock { self.settings = new }
    }

    var name: String {
        if let n = lock.withLock({ cachedName }) { return n }
        let made = String(reload().count)
        lock.withLock { cachedName = made }
        return made
    }
}
