import Foundation

// A class used through its one shared instance: its static members reach that instance's vars
// (`instance.lines`), which its own methods keep on its serial queue. The static members that
// bypass the queue are reported; the one that takes it is quiet.
public final class Logbook {
    private static let instance = Logbook()
    private let queue = DispatchQueue(label: "logbook")
    private var lines: [String] = []

    public static func log(_ line: String) {
        instance.append(line)
    }

    private func append(_ line: String) {
        queue.async {
            self.lines.append(line)
        }
    }

    public static func clear() {
        instance.lines.removeAll() // expect: inconsistent_locking
    }

    public static func export() -> [String] {
        instance.queue.sync { instance.lines }
    }

    public static var count: Int {
        instance.lines.count // expect: inconsistent_locking
    }
}
