import UIKit
import RxSwift

// Another shape: RxSwift, the chain observed on a background scheduler; and a helper whose
// chain is observed on the main scheduler.
final class RosterController: UIViewController {
    private var rows: [Int] = []
    private let bag = DisposeBag()
    private let background = SerialDispatchQueueScheduler(qos: .utility)

    func follow(_ changes: Observable<[Int]>) {
        changes
            .map { $0.sorted() }
            .observe(on: background)
            .subscribe(onNext: { [weak self] rows in self?.apply(rows) })
            .disposed(by: bag)
        changes
            .observe(on: MainScheduler.instance)
            .subscribe(onNext: { [weak self] rows in self?.show(rows) })
            .disposed(by: bag)
    }

    private func apply(_ new: [Int]) {
        DispatchQueue.main.sync { self.rows = new }
    }

    // Fires: delivered on the main scheduler, so already on main.
    private func show(_ new: [Int]) {
        DispatchQueue.main.sync { self.rows = new } // expect: queue_sync_reentrancy
    }
}
