import AppKit

/// The same in an AppKit view controller's overrides, the write in a method both reach.
final class PlayerController: NSViewController {
    private let decodeQueue = DispatchQueue(label: "decode")
    private let statsLock = NSLock()
    private var samples = 0
    private var codec = ""
    private var decoded = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        decodeQueue.sync { configure("h264") }
    }

    override func viewWillAppear() {
        super.viewWillAppear()
        print(codec)  // Quiet: as above.
        decodeQueue.sync { configure(codec + "+") }
    }

    private func configure(_ name: String) {
        codec = name
    }

    func decode() {
        decodeQueue.async {
            self.decoded += 1
            print(self.codec)
        }
    }

    /// A lock the class also uses: what puts a view's state in the rule's scope.
    func sample() -> Int {
        statsLock.withLock {
            samples += 1
            return samples
        }
    }
}
