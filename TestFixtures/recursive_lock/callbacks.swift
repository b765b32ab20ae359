import Foundation

protocol StoreObserver: AnyObject {
    func storeDidChange(_ value: Int)
}

protocol StoreDelegate: AnyObject {
    func store(didSave value: Int)
}

final class Logger {
    func log(_ text: String) {}
}

final class ObservableBox {
    private let lock = NSLock()
    private var value = 0
    var onChange: ((Int) -> Void)?
    let validate: (Int) -> Bool
    weak var delegate: StoreDelegate?
    private var observers: [StoreObserver] = []
    private var handlers: [UUID: (Int) -> Void] = [:]
    private let logger = Logger()
    var label = ""
    private let double: (Int) -> Int = { $0 * 2 }

    init(validate: @escaping (Int) -> Bool) {
        self.validate = validate
    }

    func set(_ newValue: Int) {
        lock.lock()
        defer { lock.unlock() }
        value = newValue
        onChange?(newValue) // expect: recursive_lock
        delegate?.store(didSave: newValue) // expect: recursive_lock
        observers.forEach { $0.storeDidChange(newValue) } // expect: recursive_lock
    }

    // Quiet: the critical section holds nothing but the call, so the lock is there to serialise
    // it; calling a copy after the release would undo that.
    func check(_ candidate: Int) -> Bool {
        lock.withLock {
            validate(candidate)
        }
    }

    func broadcast() {
        lock.withLock {
            for observer in observers { // expect: recursive_lock
                observer.storeDidChange(value)
            }
            handlers.values.forEach { $0(value) } // expect: recursive_lock
        }
    }

    // Quiet: the standard fix, copy under the lock and call after releasing it.
    func setSafely(_ newValue: Int) {
        lock.lock()
        value = newValue
        let callback = onChange
        let current = observers
        lock.unlock()
        callback?(newValue)
        current.forEach { $0.storeDidChange(newValue) }
        delegate?.store(didSave: newValue)
    }

    // Quiet: the same with withLock returning the copies.
    func setScoped(_ newValue: Int) {
        let (callback, current) = lock.withLock { () -> (((Int) -> Void)?, [StoreObserver]) in
            value = newValue
            return (onChange, observers)
        }
        callback?(newValue)
        for observer in current { observer.storeDidChange(newValue) }
    }

    // Quiet: calls that cannot come back (a final class, reading or storing a closure, a value's method).
    func quiet(_ newValue: Int) {
        lock.withLock {
            logger.log("set")
            onChange = nil
            let hasHandler = onChange != nil
            _ = hasHandler
            label = label.uppercased()
            value = double(value)
            observers.append(contentsOf: [])
            var ids: [ObjectIdentifier] = []
            observers.forEach { ids.append(ObjectIdentifier($0)) }
            for observer in observers { ids.append(ObjectIdentifier(observer)) }
            DispatchQueue.main.async { self.onChange?(newValue) }
            Task { self.delegate?.store(didSave: newValue) }
        }
    }
}

// Quiet: a recursive lock may be taken again by the callback.
final class RecursiveBox {
    private let lock = NSRecursiveLock()
    var onChange: (() -> Void)?
    func fire() {
        lock.lock()
        onChange?()
        lock.unlock()
    }
}

// Quiet: a local closure parameter, not a stored callback.
final class Runner {
    private let lock = NSLock()
    func run(_ body: () -> Void) {
        lock.withLock { body() }
    }
}

extension Optional {
    mutating func take() -> Wrapped? {
        defer { self = nil }
        return self
    }
}

// Quiet: a method of Optional on an optional delegate property is not a call into the delegate.
final class Subscriber {
    private let lock = NSLock()
    private var upstream: StoreObserver?
    func cancel() {
        lock.lock()
        let taken = upstream.take()
        lock.unlock()
        taken?.storeDidChange(0)
    }
}
