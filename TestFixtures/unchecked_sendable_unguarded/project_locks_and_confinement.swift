import Dispatch
import Foundation

// A lock type of the project's own, recognised from its code (it owns a lock and runs closures
// under it), not from its name.
final class Guarded<Value>: @unchecked Sendable {
    private let mutex = NSLock()
    private var value: Value
    init(_ value: Value) { self.value = value }
    func read<R>(_ body: (Value) -> R) -> R {
        mutex.lock()
        defer { mutex.unlock() }
        return body(value)
    }
    func write(_ body: (inout Value) -> Void) {
        mutex.lock()
        defer { mutex.unlock() }
        body(&value)
    }
}

final class Sessions: @unchecked Sendable {
    private let state = Guarded<[String]>([])
    private var lastOpened: String?
    func open(_ id: String) {
        state.write { ids in
            ids.append(id)
            lastOpened = id
        }
    }
    func last() -> String? { state.read { _ in lastOpened } }
    func peek() -> String? { lastOpened } // expect: unchecked_sendable_unguarded
}

// A concurrent queue used as a reader-writer lock: reads in sync, writes in barrier blocks.
final class Settings: @unchecked Sendable {
    private let queue = DispatchQueue(label: "settings", attributes: .concurrent)
    private var values: [String: String] = [:]
    func value(_ key: String) -> String? { queue.sync { values[key] } }
    func set(_ key: String, _ v: String) { queue.async(flags: .barrier) { self.values[key] = v } }
    func reset() { queue.async { self.values = [:] } } // expect: unchecked_sendable_unguarded
}

// An OperationQueue that runs one operation at a time is a serial queue.
final class Uploader: @unchecked Sendable {
    private let operations: OperationQueue = {
        let q = OperationQueue()
        q.maxConcurrentOperationCount = 1
        return q
    }()
    private var pending = 0
    func enqueue() { operations.addOperation { self.pending += 1 } }
}

// A class that is itself an executor runs its own work serially.
final class LoopExecutor: SerialExecutor, @unchecked Sendable {
    private let queue = DispatchQueue(label: "loop")
    private var jobs = 0
    func enqueue(_ job: UnownedJob) {
        queue.async { self.jobs += 1 }
    }
    func drained() -> Bool { jobs == 0 }
}

// An event loop kept only to make futures is not a lock: the class has nothing guarding it.
final class FakeChannel: @unchecked Sendable { // expect: unchecked_sendable_unguarded
    let eventLoop: EventLoop
    var writes: [String] = []
    init(eventLoop: EventLoop) { self.eventLoop = eventLoop }
    func write(_ s: String) { writes.append(s) }
}

// Copy-on-write storage: the struct writes its storage only when it holds the only reference.
// Its own forwarding properties of the same names are not writes of the class.
struct Header {
    private final class Storage: @unchecked Sendable {
        var name: String
        var value: String
        init(name: String, value: String) { self.name = name; self.value = value }
        func copy() -> Storage { Storage(name: name, value: value) }
    }
    private var storage: Storage
    init(name: String, value: String) { storage = Storage(name: name, value: value) }
    var name: String {
        get { storage.name }
        set {
            if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
            storage.name = newValue
        }
    }
    var value: String {
        get { storage.value }
        set {
            if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
            storage.value = newValue
        }
    }
}

struct Request {
    var header: Header
    mutating func rename(_ n: String) { header.name = n }
}

// An executor through a protocol of the run that refines one.
protocol PriorityLoop: SerialExecutor {}
final class PriorityExecutor: PriorityLoop, @unchecked Sendable {
    private let queue = DispatchQueue(label: "priority")
    private var pending = 0
    func enqueue(_ job: UnownedJob) { queue.async { self.pending += 1 } }
    var isIdle: Bool { pending == 0 }
}

// Closures run now or later: a closure parameter of a function of the run runs during the
// call (under the caller's lock) unless it is @escaping.
final class Scheduler: @unchecked Sendable {
    private let lock = NSLock()
    private var ticks = 0
    func now(_ body: () -> Void) { body() }
    func later(_ body: @escaping () -> Void) { DispatchQueue.global().async(execute: body) }
    func tick() {
        lock.withLock {
            now { ticks += 1 }
            later { self.ticks += 1 } // expect: unchecked_sendable_unguarded
        }
    }
}

// A property wrapper's storage belongs to the value that declares the wrapped property.
@propertyWrapper
final class FieldStorage<Value>: @unchecked Sendable {
    var value: Value?
    init() {}
    var wrappedValue: Value? {
        get { value }
        set { value = newValue }
    }
}

// A public var is written by whoever holds the instance, even if this file never assigns it;
// calling methods on a generic reference-typed property does not write the property.
public final class Thumbnails: @unchecked Sendable { // expect: unchecked_sendable_unguarded
    public var limit = 100
    private var store = Storage<String>()
    public func trim() { store.trim(to: limit) }
}
final class Storage<Key> {
    func trim(to n: Int) {}
}
