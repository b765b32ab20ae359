import Foundation

/// A class that owns a lock for one field, and flips a global flag around model updates on the
/// main thread through `Hardware.sync`: that call is the project's static method, not a queue's
/// block, so it guards nothing the tool can name.
final class Screen {
    private let idLock = NSLock()
    private var storedID = 0
    var mode = 0
    var name = ""

    var id: Int {
        get { idLock.withLock { storedID } }
        set { idLock.withLock { storedID = newValue } }
    }

    func withoutHardware(_ block: @escaping () -> Void) {
        Hardware.sync {
            Hardware.apply = false
            block()
            Hardware.apply = true
        }
    }

    func refresh(_ m: Int) {
        withoutHardware { [weak self] in
            self?.mode = m
            self?.name = "refreshed"
        }
    }

    func reset() {
        withoutHardware { [weak self] in self?.mode = 0 }
        Hardware.sync(barrier: true) { self.name = "" }
    }

    func setMode(_ m: Int) {
        onMainThread { self.mode = m }  // Quiet: no lock or queue of the class around the others.
    }

    func describe() -> String {
        "\(mode) \(name)"  // Quiet: as above.
    }
}
