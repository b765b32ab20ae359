import Foundation

extension Registry {
    // Quiet: the value is thrown away.
    func warmUp() {
        _ = self.names
    }

    // Fires: the value is handed on.
    func first() -> String? {
        let all = names // expect: inconsistent_locking
        return all.first
    }
}
