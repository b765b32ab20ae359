import Foundation

extension Uploader {
    // The local lives in the `if` block only: after it, `pending` is the property again.
    func retry(_ names: [String], fresh: Bool) {
        if fresh {
            var pending = names
            pending.sort()
            print(pending)
        }
        pending = names // expect: inconsistent_locking
    }

    // Quiet: every use of the name here is the local, in its own block.
    func preview(_ names: [String]) {
        if !names.isEmpty {
            var pending = names
            pending.reverse()
            print(pending)
        }
        queue.async { self.pending.append(contentsOf: names) }
    }
}
