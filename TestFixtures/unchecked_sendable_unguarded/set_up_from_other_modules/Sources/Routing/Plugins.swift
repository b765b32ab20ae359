import Foundation

// Another spelling: a public registry that another module sets up on a fresh instance before it
// hands it on. Quiet.
public final class PluginSet: @unchecked Sendable {
    private var names: [String] = []

    public init() {}

    public func register(_ name: String) {
        names.append(name)
    }

    public func contains(_ name: String) -> Bool {
        names.contains(name)
    }
}

// Near miss: also called on a held instance, so the instance may be shared when it runs.
public final class Hooks: @unchecked Sendable { // expect: unchecked_sendable_unguarded
    private var hooks: [String] = []

    public init() {}

    public func add(_ hook: String) {
        hooks.append(hook)
    }

    public func all() -> [String] { hooks }
}
