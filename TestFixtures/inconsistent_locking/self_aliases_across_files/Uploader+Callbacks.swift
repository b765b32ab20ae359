import Foundation

extension Uploader {
    // Quiet: `owner` is self, unwrapped from the weak capture.
    func finished(_ name: String) {
        callbacks.async { [weak self] in
            guard let owner = self else { return }
            owner.lock.wait()
            owner.progress[name] = nil
            owner.lock.signal()
        }
    }

    func failed(_ name: String) {
        callbacks.async { [weak self] in
            guard let owner = self else { return }
            owner.progress[name] = -1 // expect: inconsistent_locking
        }
    }
}
