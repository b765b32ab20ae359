import UIKit
import Combine

// A private helper of a view controller whose every call is in a closure a publisher delivers
// on a scheduler other than main: `DispatchQueue.main.sync` there hops from that queue to main.
final class ParticipantsController: UITableViewController {
    private var names: [String] = []
    private let worker = DispatchQueue(label: "participants")
    private var cancellables: Set<AnyCancellable> = []

    func bind(_ source: AnyPublisher<[String], Never>) {
        source
            .throttle(for: 0.2, scheduler: worker, latest: true)
            .sink { [weak self] all in self?.update(all) }
            .store(in: &cancellables)
    }

    private func update(_ all: [String]) {
        let sorted = all.sorted()
        DispatchQueue.main.sync {
            self.names = sorted
            self.tableView.reloadData()
        }
    }

    // Fires: this one is also called from viewDidLoad, on main.
    private func refresh(_ all: [String]) {
        DispatchQueue.main.sync { // expect: queue_sync_reentrancy
            self.names = all
        }
    }

    func bindAgain(_ source: AnyPublisher<[String], Never>) {
        source.receive(on: worker).sink { [weak self] all in self?.refresh(all) }.store(in: &cancellables)
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        refresh([])
    }
}
