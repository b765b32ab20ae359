import Foundation

// The main queue declared at file level in another file: blocks on it run on the main thread.
final class ThumbnailGrid {
    var visible: Set<Int> = []

    func show(_ index: Int) {
        presentationQueue.async { self.visible.insert(index) }
    }

    func hideAll() {
        presentationQueue.async { self.visible.removeAll() }
    }

    func isShown(_ index: Int) -> Bool {
        visible.contains(index)
    }
}

// Near miss: the file-level queue of its own is a guard; the read outside it is reported.
final class SearchIndex {
    var terms: Set<String> = []

    func add(_ term: String) {
        indexingQueue.async { self.terms.insert(term) }
    }

    func clear() {
        indexingQueue.async { self.terms.removeAll() }
    }

    func has(_ term: String) -> Bool {
        terms.contains(term) // expect: inconsistent_locking
    }
}
