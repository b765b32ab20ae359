import Synchronization

final class Graph {
    var edges: [Int: [Int]] = [:]
}

// A box that forwards the value its inner Mutex hands it.
final class GraphBox: @unchecked Sendable {
    private let graph: Mutex<Graph>

    init(_ graph: Graph) { self.graph = Mutex(graph) }

    func withLock<T>(_ body: (Graph) throws -> T) rethrows -> T {
        try graph.withLock { try body($0) }
    }
}

// The same through a named parameter, in a struct.
struct IndexBox: @unchecked Sendable {
    private let index: Mutex<[String]>

    init() { index = Mutex([]) }

    func withLock<T>(_ body: (inout [String]) -> T) -> T {
        index.withLock { entries in body(&entries) }
    }
}
