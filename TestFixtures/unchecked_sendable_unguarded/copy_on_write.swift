import Foundation

// Copy-on-write storage: the value that holds the class checks that it is the only owner
// before changing it, so no other thread can see the change.

/// The storage class's own methods change it, after the struct makes it unique.
struct Queue<Element> {
    private final class Storage: @unchecked Sendable {
        var items: [Element] = []
        func push(_ e: Element) { items.append(e) }
        func copy() -> Storage {
            let s = Storage()
            s.items = items
            return s
        }
    }
    private var storage = Storage()
    mutating func push(_ e: Element) {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
        storage.push(e)
    }
}

/// The struct writes the storage's var itself, after the check (through `self.`).
struct Matrix {
    final class Buffer: @unchecked Sendable {
        var values: [Double]
        init(_ v: [Double]) { values = v }
    }
    var buffer: Buffer
    mutating func set(_ i: Int, _ x: Double) {
        if !isKnownUniquelyReferenced(&self.buffer) { buffer = Buffer(buffer.values) }
        buffer.values[i] = x
    }
}

/// Shared with no uniqueness check anywhere: two values can change one instance at once.
struct Log {
    final class Lines: @unchecked Sendable { // expect: unchecked_sendable_unguarded
        var lines: [String] = []
        func add(_ l: String) { lines.append(l) }
    }
    let storage = Lines()
    func add(_ l: String) { storage.add(l) }
}
