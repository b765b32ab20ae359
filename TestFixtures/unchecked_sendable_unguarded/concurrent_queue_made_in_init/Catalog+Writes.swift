import Foundation

extension Catalog {
    // A plain block of the concurrent queue writes: it runs beside the readers.
    func store(_ key: String, _ value: Int) {
        queue.sync { entries[key] = value } // expect: unchecked_sendable_unguarded
    }
}

extension Journal {
    func append(_ line: String) {
        queue.async { self.lines.append(line) } // expect: unchecked_sendable_unguarded
    }

    func appendAlone(_ line: String) {
        queue.async(flags: .barrier) { self.lines.append(line) }
    }
}
