import Foundation

// A wrapper in between: the class's own helper runs its closure on the writer queue, and one
// write goes through the reader queue instead.
final class Journal {
    private let writer = DispatchQueue(label: "journal.writer")
    private let reader = DispatchQueue(label: "journal.reader")
    private var pending: [String] = []

    private func onWriter(_ body: @escaping () -> Void) {
        writer.async(execute: body)
    }

    func append(_ line: String) {
        onWriter { self.pending.append(line) }
    }

    func flush() {
        onWriter { self.pending.removeAll() }
    }

    func drop() {
        reader.async {
            self.pending = [] // expect: inconsistent_locking
        }
    }
}

// Quiet: every write is on the writer queue, through the wrapper or directly.
final class Ledger {
    private let writer = DispatchQueue(label: "ledger.writer")
    private var rows: [String] = []

    private func onWriter(_ body: @escaping () -> Void) {
        writer.async(execute: body)
    }

    func add(_ row: String) {
        onWriter { self.rows.append(row) }
    }

    func reset() {
        writer.async { self.rows = [] }
    }
}
