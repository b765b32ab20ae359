import Foundation

/// Fires: `apply(_:)` runs from the fetcher's completion handler (through `load`'s labelled
/// closure), off `stateQueue`, which guards `values` everywhere else.
final class Cache {
    let stateQueue = DispatchQueue(label: "cache")
    let fetcher = Fetcher()
    var values: [Int: Int] = [:]
    /// Of a type the run does not declare: where it calls back the tool cannot tell.
    var remote: RemoteStore?

    func value(_ id: Int) -> Int? {
        stateQueue.sync { values[id] }
    }

    func refresh(_ id: Int) {
        stateQueue.async {
            self.values[id] = nil
            self.load(id, completion: { value in
                self.apply(id, value)
            })
        }
    }

    func refreshRemote(_ id: Int) {
        stateQueue.async {
            self.values[id] = nil
            self.loadRemote(id) { value in
                self.store(id, value)
            }
        }
    }
}

extension Cache {
    func load(_ id: Int, completion: @escaping (Int?) -> Void) {
        fetcher.fetch(id) { value in
            completion(value)
        }
    }

    func apply(_ id: Int, _ value: Int?) {
        values[id] = value // expect: inconsistent_locking
    }

    /// Quiet: `RemoteStore` is not in the run, so its closure may run anywhere, even on
    /// `stateQueue`: the tool cannot tell.
    func loadRemote(_ id: Int, completion: @escaping (Int?) -> Void) {
        remote?.get(id) { value in
            completion(value)
        }
    }

    func store(_ id: Int, _ value: Int?) {
        values[id] = value
    }
}
