import Combine
import Foundation

// The subscription itself is kept from whichever thread calls `follow`: a real write of `bag`.
extension Inbox {
    func follow(_ messages: AnyPublisher<Int, Never>) {
        messages
            .receive(on: self.serial)
            .sink { [weak self] n in self?.bump(n) }
            .store(in: &bag) // expect: unchecked_sendable_unguarded
    }

    private func bump(_ n: Int) { unread += n }
}
