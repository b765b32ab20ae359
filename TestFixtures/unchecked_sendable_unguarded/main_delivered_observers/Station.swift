import Foundation

// A notifier of the run: it calls its observers, and the closures its relays keep, only inside
// blocks the main queue runs, except where marked.
protocol StationObserver: AnyObject {
    func station(_ station: Station, didChange level: Int)
    func station(_ station: Station, didFail code: Int)
}

final class Station: @unchecked Sendable {
    private let lock = NSLock()
    private var observers: [StationObserver] = []

    func add(_ o: StationObserver) { lock.withLock { observers.append(o) } }

    private func each(_ body: (StationObserver) -> Void) {
        let list = lock.withLock { observers }
        list.forEach(body)
    }

    func levelChanged(_ level: Int) {
        DispatchQueue.main.async {
            self.each { $0.station(self, didChange: level) }
        }
    }

    // Off the main queue: whatever it calls runs on the caller's thread.
    func failed(_ code: Int) {
        each { $0.station(self, didFail: code) }
    }
}

// A relay that keeps the closures it is given and calls each from one observer method.
final class StationRelay: StationObserver {
    typealias LevelHandler = (Int) -> Void
    private let onChange: LevelHandler?
    private let onFail: ((Int) -> Void)?

    init(onChange: LevelHandler? = nil, onFail: ((Int) -> Void)? = nil) {
        self.onChange = onChange
        self.onFail = onFail
    }

    func station(_ station: Station, didChange level: Int) { onChange?(level) }
    func station(_ station: Station, didFail code: Int) { onFail?(code) }
}
