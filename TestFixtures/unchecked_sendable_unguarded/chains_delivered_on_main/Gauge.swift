import Foundation
import Combine

// Another shape: Combine, delivered on the main run loop, an operator after the hop.
final class Gauge: @unchecked Sendable {
    private var level = 0
    private let bag = CancelBag()

    @MainActor func show() { print(level) }

    func watch(_ readings: AnyPublisher<Int, Never>) {
        readings
            .receive(on: RunLoop.main)
            .filter { $0 >= 0 }
            .sink { [weak self] value in
                self?.level = value
            }
            .store(in: bag)
    }

    // Fires: a thread of its own writes it.
    func drain() {
        Thread.detachNewThread {
            self.level = 0 // expect: unchecked_sendable_unguarded
        }
    }
}

final class CancelBag: @unchecked Sendable {
    private let lock = NSLock()
    private var all: [AnyCancellable] = []
    func add(_ c: AnyCancellable) { lock.withLock { all.append(c) } }
}

extension AnyCancellable {
    func store(in bag: CancelBag) { bag.add(self) }
}
