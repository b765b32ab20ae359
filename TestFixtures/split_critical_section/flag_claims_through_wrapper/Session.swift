import Foundation

// The flag is a wrapped property: its check and its claim are two holds of the wrapper's lock.
final class Session: Refreshing, @unchecked Sendable {
    @Synchronized var refreshing = false
    private var token = ""

    func refresh() {
        guard !refreshing else { return }
        refreshing = true // expect: split_critical_section
        DispatchQueue.global().async {
            self.refreshing = false
        }
    }

    // The check decides something else than the flag: quiet.
    func describe() -> String {
        if refreshing {
            return "refreshing"
        }
        return token
    }
}
