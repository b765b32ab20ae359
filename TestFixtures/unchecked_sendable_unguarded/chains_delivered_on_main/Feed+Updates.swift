import Foundation
import Combine

extension Feed {
    func bind(to source: Updates) {
        source.changes
            .receive(on: DispatchQueue.main)
            .sink { [weak self] all in self?.items = all }
            .store(in: bag)
    }

    // Fires: nothing puts this task on the main actor.
    func clear() {
        Task.detached {
            self.items.removeAll() // expect: unchecked_sendable_unguarded
        }
    }
}
