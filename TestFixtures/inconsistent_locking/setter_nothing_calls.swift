import Foundation

/// A var holding an object that locks itself, wrapped in a computed property whose getter and
/// setter take the class's lock. Calling a method on the held object reads the var; the only
/// write is in the setter, and nothing in the run (nor outside the module) calls that setter:
/// the var keeps the object it got in init, so a read without the lock races with nothing.
final class Tray {
    private let lock = NSLock()
    private var items: [Int] = []
    func put(_ x: Int) { lock.withLock { items.append(x) } }
}

final class Workbench {
    private let trayLock = NSLock()
    var _tray = Tray()
    var tray: Tray {
        get { trayLock.lock(); defer { trayLock.unlock() }; return _tray }
        set { trayLock.lock(); defer { trayLock.unlock() }; _tray = newValue }
    }
    func place(_ x: Int) { self._tray.put(x) }
    func placeTwice(_ x: Int) { _tray.put(x); _tray.put(x) }
    func current() -> Tray { tray }
}

/// Near miss: the class itself calls the setter, so the var is written after init.
final class Bench {
    private let trayLock = NSLock()
    var _tray = Tray()
    var tray: Tray {
        get { trayLock.lock(); defer { trayLock.unlock() }; return _tray }
        set { trayLock.lock(); defer { trayLock.unlock() }; _tray = newValue }
    }
    func place(_ x: Int) { self._tray.put(x) } // expect: inconsistent_locking
    func swap() { tray = Tray() }
}
