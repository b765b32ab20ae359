import Foundation

final class Session: Sendable {
    private let version = Locked(0)
    private let retries = Locked(0)

    func bump() {
        let current = version.value
        version.setValue(current + 1) // expect: split_critical_section
    }

    func retry() {
        let seen = retries.value
        store(seen + 1) // expect: split_critical_section
    }

    private func store(_ n: Int) {
        retries.setValue(n)
    }

    // In one `withValue`: quiet.
    func retryAtomically() {
        retries.withValue { $0 += 1 }
    }
}
