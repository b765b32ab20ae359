import Foundation

// The helper the setter calls is declared in another file (Catalog+Storage.swift).
final class Catalog: @unchecked Sendable {
    let lock = NSLock()
    var entries: [Int: String] = [:]

    var items: [Int: String] {
        get { lock.withLock { entries } }
        set { store(newValue) }
    }

    func add(_ name: String, id: Int) {
        items[id] = name // expect: split_critical_section
    }
}
