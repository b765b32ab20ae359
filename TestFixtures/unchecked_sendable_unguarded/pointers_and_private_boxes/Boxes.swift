import Foundation

// A box private to this file: no other file can name it, so nothing there can set its var.
// Set only in init, read by the tasks that share it.
private final class ResultBox<Value>: @unchecked Sendable { // expect: unchecked_sendable_unguarded
    var results: UnsafeMutableBufferPointer<Value>

    init(results: UnsafeMutableBufferPointer<Value>) {
        self.results = results
    }
}

func squares(_ input: [Int]) -> [Int] {
    var out = [Int](repeating: 0, count: input.count)
    out.withUnsafeMutableBufferPointer { buffer in
        let box = ResultBox(results: buffer)
        DispatchQueue.concurrentPerform(iterations: input.count) { i in
            box.results[i] = input[i] * input[i]
        }
    }
    return out
}

// A box nested in a fileprivate type: not settable from other files either. Its var is set only
// in init, so it is reported as one that could be a `let`, not as one others can write.
fileprivate enum Scratch {
    final class Flags: @unchecked Sendable { // expect: unchecked_sendable_unguarded
        var verbose: Bool

        init(verbose: Bool) {
            self.verbose = verbose
        }
    }
}
