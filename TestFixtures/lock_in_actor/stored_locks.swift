import Foundation
import Synchronization
import os

actor ImageCache {
    private let lock = NSLock() // expect: lock_in_actor
    private var images: [String: Data] = [:]
    private let recursive: NSRecursiveLock = .init() // expect: lock_in_actor
    let condition = NSCondition() // expect: lock_in_actor
    let conditionLock = NSConditionLock(condition: 0) // expect: lock_in_actor
    let semaphore = DispatchSemaphore(value: 1) // expect: lock_in_actor
    let queue = DispatchQueue(label: "not a lock")
    let counter = ManagedAtomic<Int>(0)
    let id = UUID()
}

@available(macOS 15.0, iOS 18.0, *)
public actor Counter<Value: Sendable>
    where Value: Hashable
{
    @usableFromInline
    let state = Mutex<[Value]>([]) // expect: lock_in_actor
    private let unfair = OSAllocatedUnfairLock(initialState: 0) // expect: lock_in_actor
    private let qualified = Synchronization.Mutex<Int>(0) // expect: lock_in_actor
    var raw = os_unfair_lock() // expect: lock_in_actor
    var mutex = pthread_mutex_t() // expect: lock_in_actor
    let box: NIOLockedValueBox<Int> // expect: lock_in_actor
    let isolated: LockIsolated<Int>? = nil // expect: lock_in_actor
    let managed = ManagedCriticalState(0) // expect: lock_in_actor

    init(box: NIOLockedValueBox<Int>) {
        self.box = box
    }
}

distributed actor Worker {
    let nioLock = NIOLock() // expect: lock_in_actor
}

actor Outer {
    // A class nested in an actor may own a lock: it is not the actor's state.
    final class Inner {
        let lock = NSLock()
    }
    struct Snapshot {
        let lock = NSLock()
    }
    var value = 0
}

// Words that look like declarations but are not.
struct Settings {
    let actor = NSLock()
    var text = "actor Fake { let lock = NSLock() }"
    /* actor InComment { let lock = NSLock() } */
}
