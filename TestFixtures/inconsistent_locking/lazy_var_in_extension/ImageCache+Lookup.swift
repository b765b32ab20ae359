import Foundation

// And off it in an extension in another file: the read may be the first, which stores the value.
extension ImageCache {
    func size(of key: String) -> Int? {
        index[key] // expect: inconsistent_locking
    }

    // Quiet: on the queue.
    func sizeOnQueue(of key: String) -> Int? {
        queue.sync { index[key] }
    }
}
