import Foundation

extension Relay {
    func deliverLater(_ value: Int) {
        target?.async {
            self.delivered.append(value)
        }
    }

    func resetLater() {
        target?.sync(flags: .barrier) {
            self.delivered = []
        }
    }
}

extension OwnRelay {
    func deliverLater(_ value: Int) {
        target.async {
            self.delivered.append(value)
        }
    }

    func resetLater() {
        target.async {
            self.delivered = []
        }
    }
}
