import Foundation

// A lock held across the whole start-up so readers wait until the parts are set: reported once,
// with the gate fix-it (an actor or a Task the readers await), not "end the section early".
final class Engine: @unchecked Sendable {
    private let startLock = NSLock()
    private var _catalog: [String]?
    private var _index: [String: Int]?

    var catalog: [String] {
        startLock.lock()
        defer { startLock.unlock() }
        return _catalog!
    }

    var index: [String: Int]? {
        startLock.withLock { _index }
    }
}

extension Engine {
    func boot(loader: Loader) async throws {
        startLock.lock()
        defer { startLock.unlock() }
        let names = try await loader.names() // expect: await_in_lock
        self._catalog = names
        _index = await loader.index(names)
    }
}

protocol Loader: Sendable {
    func names() async throws -> [String]
    func index(_ names: [String]) async -> [String: Int]
}
