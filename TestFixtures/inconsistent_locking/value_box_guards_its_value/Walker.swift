import Foundation

// Quiet: a per-walk list touched once inside the shared graph's closure.
final class Walker {
    private let graph: GraphBox
    private let names: IndexBox
    private var orphans: [Int] = []
    private var seen: [String] = []

    init(graph: GraphBox, names: IndexBox) {
        self.graph = graph
        self.names = names
    }

    func visit(_ node: Int) {
        graph.withLock { g in
            if g.edges[node] == nil { orphans.append(node) }
        }
        names.withLock { list in
            if !list.contains("\(node)") { seen.append("\(node)") }
        }
    }

    func report() -> Int {
        orphans.count + seen.count
    }
}
