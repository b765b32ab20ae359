extension Emitter {
    // Quiet: every use is under stateGate (a lock taken after it is not held at it).
    var isFinished: Bool {
        finished.allSatisfy { $0 }
    }

    // Quiet: under stateGate, as every access in Emitter.swift.
    func count() -> Int {
        stateGate.lock()
        defer { stateGate.unlock() }
        return buffered.count
    }

    func clear() {
        buffered.removeAll() // expect: inconsistent_locking
    }
}
