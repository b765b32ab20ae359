import Foundation
import RxSwift

// The closures of an operator chain run where the chain delivers: after
// `observe(on: MainScheduler.instance)`, on the main thread, like the class's other blocks on main.
final class Narrator: @unchecked Sendable {
    private var spoken: Int? = nil
    private var page = 0
    private let bag = DisposeBag()
    let progress = PublishSubject<Int>()

    func turn() {
        DispatchQueue.main.async { self.page += 1 }
    }

    func follow() {
        progress
            .map { $0 * 2 }
            .observe(on: MainScheduler.instance)
            .subscribe(onNext: { [weak self] value in
                guard let self else { return }
                spoken = value
                page = value / 10
            })
            .disposed(by: bag)
    }

    // Fires: a detached task writes it, off the main thread.
    func reset() {
        Task.detached {
            self.page = 0 // expect: unchecked_sendable_unguarded
        }
    }
}
