import Foundation

enum UploadState { case waiting, uploading, cancelling, done }

// The state in a box, read through a getter and a derived getter, moved through the setter or a
// helper whose body is one acquisition.
final class Uploader: @unchecked Sendable {
    private let _state = Protected(UploadState.waiting)

    private var state: UploadState {
        get { _state.withLockedValue { $0 } }
        set { _state.withLockedValue { $0 = newValue } }
    }

    private var isUploading: Bool { state == .uploading }

    private func move(to next: UploadState) {
        _state.withLockedValue { $0 = next }
    }

    func cancel() {
        guard isUploading else { return }
        move(to: .cancelling) // expect: split_critical_section
    }

    func complete() {
        if isUploading {
            state = .done // expect: split_critical_section
        }
    }

    func begin() -> Bool {
        guard state == .waiting else { return false }
        move(to: .uploading) // expect: split_critical_section
        return true
    }

    // Checked and moved in one acquisition of the box: quiet.
    func cancelAtomically() -> Bool {
        _state.withLockedValue { current in
            guard current == .uploading else { return false }
            current = .cancelling
            return true
        }
    }

    // The check names the case written (a no-op guard): quiet.
    func finish() {
        if state != .done { state = .done }
    }

    // An unconditional move: quiet.
    func retry() { state = .waiting }
}
