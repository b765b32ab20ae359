import Synchronization

// Synchronization's Atomic, with the plain state written from an extension in another file.
@available(macOS 15.0, iOS 18.0, *)
final class Gate: @unchecked Sendable { // expect: unchecked_sendable_unguarded
    let opened = Atomic<Bool>(false)
    var openedAt: Double = 0

    func open(at t: Double) {
        let (exchanged, _) = opened.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing)
        if exchanged { stamp(t) }
    }
}
