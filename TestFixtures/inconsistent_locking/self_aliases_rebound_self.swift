import Foundation

// `guard let self = self` / `guard let self` rebinds self itself; `let this = self` is self too,
// with the semaphore taken and released by a defer.
final class Relay {
    private let gate = DispatchSemaphore(value: 1)
    private let worker = DispatchQueue(label: "relay")
    private var inFlight = 0

    func begin() {
        gate.wait()
        defer { gate.signal() }
        inFlight += 1
    }

    func end() {
        worker.async { [weak self] in
            guard let self = self else { return }
            self.gate.wait()
            self.inFlight -= 1
            self.gate.signal()
        }
    }

    func cancel() {
        worker.async { [weak self] in
            guard let self else { return }
            gate.wait()
            defer { gate.signal() }
            inFlight = 0
        }
    }

    func snapshot(_ done: @escaping (Int) -> Void) {
        let this = self
        worker.async {
            this.gate.wait()
            let n = this.inFlight
            this.gate.signal()
            done(n)
        }
    }

    func peek() -> Int {
        let this = self
        return this.inFlight // expect: inconsistent_locking
    }
}
