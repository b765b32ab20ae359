import Foundation

// Quiet: the host hands itself to its plugins while it holds its lock; a plugin's code may
// run under that lock (here it does), and the tool cannot see which of it runs so.
final class Host {
    private let lock = NSLock()
    var mode = 0
    private var plugins: [Plugin] = []

    func add(_ p: Plugin) {
        lock.lock()
        mode += 1
        plugins.append(p)
        p.attach(to: self)
        lock.unlock()
    }
}

final class Plugin {
    func attach(to host: Host) {
        print(host.mode)
    }
}
