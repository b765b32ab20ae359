import Foundation

final class Controller {
    let model = Model()
    let ledger = Ledger()

    func change(_ d: Int) {
        model.stateLock.withLock { model.apply(d) }
    }

    func record(_ amount: Int) { ledger.post(amount) }
}
