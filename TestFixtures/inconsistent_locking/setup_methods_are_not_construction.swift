import Foundation

// A method of the class's own named setUp() is not construction: it runs whenever it is called.
final class Feed {
    private let queue = DispatchQueue(label: "feed")
    private var items: [String] = []
    private var source = ""

    init(source: String) {
        prepare(source)
    }

    // Quiet: only init calls it.
    private func prepare(_ s: String) {
        source = s
        items = []
    }

    func setUp() {
        items = [] // expect: inconsistent_locking
    }

    func add(_ s: String) { queue.async { self.items.append(s + self.source) } }
    func drop() { queue.async { self.items.removeAll(); self.source = "" } }
}
