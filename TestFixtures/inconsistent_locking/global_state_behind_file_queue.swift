import Foundation

// A global var the file's code reaches on a file-level serial queue in some places and without it
// in others: global state is one value for the process, shared by every thread.
private let registryQueue = DispatchQueue(label: "registry")
private var registry: [String: Int] = [:]

func register(_ name: String, _ id: Int) {
    registryQueue.sync { registry[name] = id }
}

func lookup(_ name: String) -> Int? {
    registryQueue.sync { registry[name] }
}

func resetRegistry() {
    registry.removeAll() // expect: inconsistent_locking
}

// Inside a type's method, the bare name still names the global.
enum Diagnostics {
    static func dump() -> String {
        "\(registry.count) entries" // expect: inconsistent_locking
    }
}

// Quiet: a member of the same name hides the global; a local of the same name too.
final class LocalRegistry {
    var registry: [String: Int] = [:]
    func clear() { registry.removeAll() }
    func rebuild() {
        var registry: [String: Int] = [:]
        registry["x"] = 1
        _ = registry
    }
}

// Quiet: a global only ever reached on the queue, and one never reached under it.
private var hits = 0
func hit() { registryQueue.async { hits += 1 } }
func hitCount() -> Int { registryQueue.sync { hits } }

private var lastError: String?
func fail(_ message: String) { lastError = message }
