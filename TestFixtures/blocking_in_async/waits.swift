import Dispatch
import Foundation

final class Downloader: @unchecked Sendable {
    private let gate = DispatchSemaphore(value: 1)
    private let finished: DispatchSemaphore
    private var groups: [DispatchGroup] = []
    let group = DispatchGroup()

    init() {
        finished = DispatchSemaphore(value: 0)
    }

    func download() async -> Data {
        gate.wait() // expect: blocking_in_async
        defer { gate.signal() }
        _ = self.finished.wait(timeout: .now() + 5) // expect: blocking_in_async
        group.wait() // expect: blocking_in_async
        groups.first?.wait()
        return Data()
    }

    func legacy() -> Data {
        gate.wait()
        _ = group.wait(timeout: .distantFuture)
        return Data()
    }

    func shadowed() async {
        let group = AsyncGroup()
        await group.wait()
        group.wait()
        let gate: AsyncSemaphore = .init(value: 1)
        gate.wait()
    }

    struct Inner {
        let gate = Gate()
        func run() async {
            gate.wait()
        }
    }
}

extension Downloader {
    func fromExtension() async {
        finished.wait() // expect: blocking_in_async
        let text = "gate.wait() \(self.group)"
        _ = text
    }
}

func waitAll(
    _ group: DispatchGroup,
    semaphore sem: DispatchSemaphore?
) async {
    group.wait() // expect: blocking_in_async
    sem?.wait() // expect: blocking_in_async
}

func helper(group: MyGroup, items: [Int]) async {
    group.wait()
    let done = DispatchSemaphore(value: 0)
    await withCheckedContinuation { (c: CheckedContinuation<Void, Never>) in
        done.wait() // expect: blocking_in_async
        c.resume()
    }
    items.forEach { _ in done.wait() } // expect: blocking_in_async
    callback { done.wait() }
    DispatchSemaphore(value: 0).wait() // expect: blocking_in_async
}

func callback(_ f: @escaping () -> Void) {}

let globalGroup = DispatchGroup()

actor Worker {
    func drain() async {
        globalGroup.wait() // expect: blocking_in_async
    }

    nonisolated func drainSync() {
        globalGroup.wait()
    }
}

#if canImport(Combine)
final class Bridge {
    func bridge(_ sem: DispatchSemaphore) async {
        sem.wait() // expect: blocking_in_async
    }
}
#else
final class Bridge {
    func bridge(_ sem: DispatchSemaphore) {
        sem.wait()
    }
}
#endif
