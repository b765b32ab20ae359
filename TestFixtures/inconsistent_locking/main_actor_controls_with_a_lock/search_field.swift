import AppKit

protocol QueryFieldDelegate: AnyObject {
    func queryField(didChange query: String, completion: @escaping ([String]) -> Void)
}

// A search field is an AppKit control: the compiler keeps its code on the main actor. Its
// recursive lock is redundant while every closure that touches it hops back to main.

/// Quiet: the completion hops back with `DispatchQueue.onMain { }`, whose closure is `@MainActor`.
final class QueryField: NSSearchField {
    weak var queryDelegate: QueryFieldDelegate?
    private let lock = NSRecursiveLock()
    private var query = ""
    private var results: [String] = []

    func search(_ text: String) {
        lock.perform {
            query = text
            self.queryDelegate?.queryField(didChange: text, completion: { found in
                DispatchQueue.onMain {
                    if self.query != text { return }
                    self.lock.perform { self.results = found }
                }
            })
        }
    }

    var resultCount: Int { self.results.count }

    func clearResults() {
        self.query = ""
        self.results = []
    }
}

/// Fires: `whenIdle { }` runs the completion's work off the main actor, so the lock is there for
/// it and the accesses that skip it race with it.
final class TagField: NSSearchField {
    weak var queryDelegate: QueryFieldDelegate?
    private let lock = NSRecursiveLock()
    private var tags: [String] = []

    func load(from url: URL) {
        URLSession.shared.dataTask(with: url) { data, _, _ in
            let found = data.map { [String(decoding: $0, as: UTF8.self)] } ?? []
            DispatchQueue.whenIdle {
                self.lock.perform { self.tags = found }
            }
        }.resume()
    }

    func addTag(_ tag: String) {
        lock.perform { tags.append(tag) }
    }

    func clearTags() {
        self.tags = [] // expect: inconsistent_locking
    }
}
