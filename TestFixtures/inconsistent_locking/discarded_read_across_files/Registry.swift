import Foundation

final class Registry {
    let lock = NSLock()
    var names: [String] = []

    func add(_ n: String) {
        lock.lock()
        names.append(n)
        lock.unlock()
    }
}
