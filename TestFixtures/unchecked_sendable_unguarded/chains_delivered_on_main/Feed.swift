import Foundation
import Combine

// A third: the publisher comes through a protocol, and the subscription is made in an
// extension in another file (Feed+Updates.swift).
protocol Updates {
    var changes: AnyPublisher<[String], Never> { get }
}

final class Feed: @unchecked Sendable {
    var items: [String] = []
    let bag = CancelBag()

    func append(_ s: String) {
        DispatchQueue.main.async { self.items.append(s) }
    }
}
