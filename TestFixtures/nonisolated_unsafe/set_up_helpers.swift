import Foundation

// A var written only in a private method its initializers call, before the instance is handed
// on, is written while the instance is being built: set once, then read.

final class Center: @unchecked Sendable {
    private let lock = NSLock()
    private var handlers: [(Int) -> Void] = []
    func add(_ h: @escaping (Int) -> Void) -> Int { lock.lock(); defer { lock.unlock() }; handlers.append(h); return handlers.count }
    func remove(_ token: Int) {}
    func register(_ o: AnyObject) {}
}

// Shape 1: the token is assigned in a private helper that only init calls; deinit reads it.
final class SettingsLoader: Sendable {
    let center: Center
    nonisolated(unsafe) private var token: Int?
    nonisolated(unsafe) private var latest: Int // expect: nonisolated_unsafe

    init(center: Center, latest: Int) {
        self.center = center
        self.latest = latest
        self.addObservers()
    }

    deinit { if let token { center.remove(token) } }

    private func addObservers() {
        token = center.add { [weak self] value in
            guard let self else { return }
            self.latest = value
        }
    }
}

// The same helper, also called from a method anyone can call later: reported.
final class RestartingLoader: Sendable {
    let center: Center
    nonisolated(unsafe) private var token: Int? // expect: nonisolated_unsafe

    init(center: Center) {
        self.center = center
        addObservers()
    }

    func restart() { addObservers() }

    private func addObservers() {
        token = center.add { _ in }
    }
}

// Shape 2: through a chain of helpers (fileprivate, then private), called with `self.`.
final class Pipeline: Sendable {
    nonisolated(unsafe) private var stages: [String] = []
    nonisolated(unsafe) private var name = ""

    init(names: [String]) {
        self.configure(names)
    }

    fileprivate func configure(_ names: [String]) {
        install(names)
        self.name = names.first ?? ""
    }

    private func install(_ names: [String]) {
        self.stages = names
    }

    func describe() -> String { name + stages.joined() }
}

// The initializer hands `self` on before it calls the helper: the write is no longer set-up.
final class EarlyPipeline: Sendable {
    nonisolated(unsafe) private var stages: [String] = [] // expect: nonisolated_unsafe

    init(center: Center, names: [String]) {
        center.register(self)
        install(names)
    }

    private func install(_ names: [String]) {
        stages = names
    }

    func describe() -> String { stages.joined() }
}
