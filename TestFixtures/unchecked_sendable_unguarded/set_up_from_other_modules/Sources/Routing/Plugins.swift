import Foundation

// Another spelling: an internal registry filled by a builder of the test module (a function in
// between) on a fresh instance before it is used. No code of this module calls `register`.
// Quiet.
final class PluginSet: @unchecked Sendable {
    private var names: [String] = []

    func register(_ name: String) {
        names.append(name)
    }

    func contains(_ name: String) -> Bool {
        names.contains(name)
    }
}

// Near miss: public, and set up only on fresh instances by the other modules of the run: code
// beyond the run may call it on a shared instance.
public final class Hooks: @unchecked Sendable { // expect: unchecked_sendable_unguarded
    private var hooks: [String] = []

    public init() {}

    public func add(_ hook: String) {
        hooks.append(hook)
    }

    public func all() -> [String] { hooks }
}

// Near miss: internal, set up by the test module, but this module calls it on a held instance.
final class Routes: @unchecked Sendable { // expect: unchecked_sendable_unguarded
    private var table: [String] = []

    func insert(_ route: String) {
        table.append(route)
    }

    func first() -> String? { table.first }
}

final class RouteOwner {
    let routes = Routes()
    func add(_ r: String) { routes.insert(r) }
}
