import Foundation

// lock.lock(); return
/*
 lock.lock()
 if x { return /* nested */ }
 */
let regex = /lock\.lock\(\); return/
let text = "lock.lock() \(["return"].map { "\($0)" }.joined()) return"
let raw = #"lock.lock(); if x { return }"#
let multi = """
    lock.lock()
    guard x else { return }
    """

@available(macOS 13, *)
public final class Traps<Element>: @unchecked Sendable where Element: Hashable {
    private let lock = NSLock()
    private var set: Set<Element> = []

    @discardableResult
    public func insert(_ e: Element) -> Bool {
        lock.lock() // expect: lock_without_defer
        let message = "return \(set.count)"  // not an exit
        if set.contains(e) {
            return false  /* return */
        }
        set.insert(e)
        lock.unlock()
        _ = message
        return true
    }

    public func quiet(_ e: Element) -> String {
        lock.lock()
        let s = "\(set.map { "\($0) return" }.joined())" // a closure in an interpolation
        let r = #/return|throw/#
        _ = r
        lock.unlock()
        return s
    }

    final class Nested {
        let inner = NSRecursiveLock()
        var flag = false

        func run() throws {
            inner.lock() // expect: lock_without_defer
            #if DEBUG
            try check()
            #endif
            inner.unlock()
        }

        func conditional() {
            inner.lock()
            #if os(Linux)
            flag = true
            #else
            flag = false
            #endif
            inner.unlock()
        }

        func check() throws {}
    }
}

extension Traps {
    @inlinable
    func remove(_ e: Element)
        -> Bool
    {
        lock.lock() // expect: lock_without_defer
        guard set.remove(e) != nil
        else {
            return false
        }
        lock.unlock()
        return true
    }

    func literalsOnly() {
        lock.lock()
        print("guard x else { return }", #"throw"#)
        lock.unlock()
    }
}
