import Foundation

// The registry's accessors are declared in another file: `handlers[name] = id` from here reads
// the whole table with `sync` and writes it back later in a barrier block; a registration made
// in between is lost.
final class Plugins {
    let registry: Registry

    init(registry: Registry) { self.registry = registry }

    func load(_ name: String, id: Int) {
        registry.handlers[name] = id // expect: split_critical_section
    }

    // The registry's own method writes in one barrier block: quiet.
    func loadAtomically(_ name: String, id: Int) {
        registry.register(name, id)
    }

    // Read only: quiet.
    func has(_ name: String) -> Bool {
        registry.handlers[name] != nil
    }
}

// Every change made while holding a serial queue of the caller's: the queue serializes the
// read and the write (quiet).
final class SerialPlugins {
    let registry: Registry
    let serial = DispatchQueue(label: "plugins")

    init(registry: Registry) { self.registry = registry }

    func load(_ name: String, id: Int) {
        serial.sync { self.registry.handlers[name] = id }
    }
}
