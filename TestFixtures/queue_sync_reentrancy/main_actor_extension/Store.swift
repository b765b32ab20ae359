import Foundation

@MainActor
final class Store {
    var items: [String] = []

    nonisolated func snapshot() -> [String] {
        if !Thread.isMainThread { return DispatchQueue.main.sync { MainActor.assumeIsolated { items } } }
        return []
    }
}
