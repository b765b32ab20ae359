import Combine
import Foundation

// Async code isolated to the main actor runs on the main thread, not on the cooperative pool:
// still reported (it freezes the main thread), and the message says so.
@MainActor
final class PreviewScreen {
    private var subscriptions = Set<AnyCancellable>()

    func reveal() async {
        Thread.sleep(forTimeInterval: 0.2) // expect: blocking_in_async
    }

    // A Task started in main-actor code (here through a Combine sink, whose closure passes the
    // isolation on) runs on the main actor too.
    init(updates: AnyPublisher<Int, Never>) {
        updates.sink { value in
            Task {
                usleep(UInt32(value)) // expect: blocking_in_async
            }
        }.store(in: &subscriptions)
    }
}

final class Renderer {
    @MainActor
    func draw(frames: DispatchGroup) async {
        frames.wait() // expect: blocking_in_async
    }

    // A detached task does not inherit the main actor: it runs on the pool.
    @MainActor
    func prepare() {
        Task.detached {
            sleep(1) // expect: blocking_in_async
        }
    }
}

// `wait(timeout: .now())` returns at once: a poll, in any spelling, is never a blocking call.
final class Probe {
    private let ready = DispatchSemaphore(value: 0)
    private let finished = DispatchGroup()

    func isReady() async -> Bool {
        ready.wait(timeout: .now()) == .success
    }

    func isFinished() async -> Bool {
        finished.wait(timeout: DispatchTime.now()) == .success
    }

    func drain() {
        Task {
            while ready.wait(wallTimeout: .now()) == .success {}
        }
    }
}
