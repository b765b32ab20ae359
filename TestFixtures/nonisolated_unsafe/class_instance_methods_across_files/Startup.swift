import Foundation

final class Monitor {
    nonisolated(unsafe) var events: Guarded<[String]>  // Quiet: set in init only; later only its methods are called.

    init(first: String) {
        events = Guarded([first])
    }

    func note(_ event: String) {
        events.append(event)
        sharedJournal.append(event.count)
        seating.append(event)
        Hooks.installed.append(event)
    }
}
