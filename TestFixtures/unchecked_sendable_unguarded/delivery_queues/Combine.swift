import Combine
import Foundation

// A publisher chain that delivers on the class's serial queue: its subscriber's closure runs
// there, like the queue's own blocks, and so do the methods only that closure calls.
final class PresenceMonitor: @unchecked Sendable {
    private let queue = DispatchQueue(label: "presence")
    private var online: Set<String> = []
    private var bag: Set<AnyCancellable> = []

    init(events: AnyPublisher<String, Never>, leaves: AnyPublisher<String, Never>, renames: AnyPublisher<(String, String)?, Never>) {
        // Operators between the delivery and the subscriber keep it on the queue.
        renames
            .receive(on: queue)
            .compactMap { $0 }
            .filter { !$0.0.isEmpty }
            .sink { [weak self] pair in self?.rename(pair.0, to: pair.1) }
            .store(in: &bag)
        events
            .receive(on: queue)
            .sink { [weak self] id in self?.arrive(id) }
            .store(in: &bag)
        leaves
            .receive(on: queue)
            .handleEvents(receiveOutput: { [weak self] id in self?.leave(id) })
            .sink { _ in }
            .store(in: &bag)
    }

    private func arrive(_ id: String) { online.insert(id) }
    private func leave(_ id: String) { online.remove(id) }
    private func rename(_ old: String, to new: String) {
        if online.remove(old) != nil { online.insert(new) }
    }

    func isOnline(_ id: String) -> Bool { queue.sync { online.contains(id) } }
}

// Delivered on a global queue, or moved to another scheduler after the class's queue: the
// subscriber's closure does not run on the class's queue.
final class Tally: @unchecked Sendable {
    private let queue = DispatchQueue(label: "tally")
    private var total = 0
    private var peak = 0
    private var bag: Set<AnyCancellable> = []

    init(counts: AnyPublisher<Int, Never>, peaks: AnyPublisher<Int, Never>) {
        counts
            .receive(on: DispatchQueue.global())
            .sink { [weak self] n in self?.add(n) }
            .store(in: &bag)
        peaks
            .receive(on: queue)
            .debounce(for: .seconds(1), scheduler: RunLoop.current)
            .sink { [weak self] n in self?.raise(n) }
            .store(in: &bag)
    }

    private func add(_ n: Int) {
        total += n // expect: unchecked_sendable_unguarded
    }

    private func raise(_ n: Int) {
        peak = max(peak, n) // expect: unchecked_sendable_unguarded
    }

    func snapshot() -> (Int, Int) { queue.sync { (total, peak) } }
    func reset() { queue.async { self.total = 0; self.peak = 0 } }
}

// A project's own subscriber that runs its closure in a Task: not on the delivery queue.
extension Publisher where Failure == Never {
    func sinkInTask(_ body: @escaping @Sendable (Output) async -> Void) -> AnyCancellable {
        sink { value in Task { await body(value) } }
    }
}

final class Relay: @unchecked Sendable {
    private let queue = DispatchQueue(label: "relay")
    private var forwarded = 0
    private var bag: Set<AnyCancellable> = []

    init(values: AnyPublisher<Int, Never>) {
        values
            .receive(on: queue)
            .sinkInTask { [weak self] _ in self?.bump() }
            .store(in: &bag)
    }

    private func bump() {
        forwarded += 1 // expect: unchecked_sendable_unguarded
    }

    func count() -> Int { queue.sync { forwarded } }
}
