import Foundation

enum Namespace {
    final class Inner: @unchecked Sendable {
        private let lock = NSLock()
        #if DEBUG
        private var debugCount = 0
        #else
        private var releaseCount = 0
        #endif

        func bump() {
            #if DEBUG
            lock.withLock { debugCount += 1 }
            #else
            releaseCount += 1 // expect: unchecked_sendable_unguarded
            #endif
        }
    }

    struct Value {
        var count = 0
        mutating func bump() { count += 1 }
    }
}

final class Strings: @unchecked Sendable {
    private let lock = NSLock()
    private var text = ""
    func set() {
        lock.withLock {
            text = "\(text) \(["a"].map { "\($0)" }.joined())"
        }
        let pattern = /text/
        let raw = #"text = "x" \#(1)"#
        _ = (pattern, raw)
        // text = "unguarded but in a comment"
    }
}
