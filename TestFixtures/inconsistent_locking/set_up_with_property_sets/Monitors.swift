import Foundation

// A monitor made fresh, its callbacks set as properties, then started once and stored: the
// set-up runs before anything else can reach it, so `start()`'s writes outside the queue are
// set-up. Quiet.
final class FileMonitor {
    private let queue = DispatchQueue(label: "file-monitor")
    private var position: UInt64 = 0
    private var source: DispatchSourceFileSystemObject?
    var onChange: ((UInt64) -> Void)?

    init(path: String) {}

    func start() {
        position = 0
        let made = DispatchSource.makeFileSystemObjectSource(fileDescriptor: 0, eventMask: .write, queue: queue)
        made.setEventHandler { [weak self] in
            guard let self else { return }
            self.position += 1
            self.onChange?(self.position)
        }
        source = made
        made.resume()
    }
}

final class MonitorService {
    private var monitors: [String: FileMonitor] = [:]

    func watch(_ path: String) {
        let monitor = FileMonitor(path: path)
        monitor.onChange = { offset in print(offset) }
        monitor.start()
        monitors[path] = monitor
    }
}
