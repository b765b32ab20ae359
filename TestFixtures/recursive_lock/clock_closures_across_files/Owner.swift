import Foundation

final class UploadOwner {
    private var slot: UploadSlot?

    func open() {
        slot = UploadSlot(finished: { [weak self] in self?.refresh() })
    }

    private func refresh() {
        _ = slot?.isBusy()
    }
}

let productionLimiter = AttemptLimiter(currentTime: Date.init)
