import Foundation

struct UploadState {
    var pending: [String] = []
    var lastError: String?
    var attempts = 0
}

/// The same with the decision carried in a local, and the act under an if.
final class Uploader {
    private let state = StateBox(UploadState())

    func retry() {
        let empty = state.read { $0.pending.isEmpty }
        if empty { return }
        state.mutate { $0.lastError = nil }  // Quiet: 'lastError' was not checked.
    }

    func bump() {
        let tries = state.read { $0.attempts }
        if tries < 3 {
            state.mutate { $0.attempts = tries + 1 }  // expect: split_critical_section
        }
    }
}
