import Foundation

// The handshake type in one file, its caller in another: the caller unwraps the published
// state right after start() returns, which only the wait makes safe.
class PumpThread: Thread {
    let handshake = DispatchSemaphore(value: 0)
    var pumpLoop: RunLoop?

    override func start() {
        super.start()
        handshake.wait()
    }

    override func main() {
        pumpLoop = RunLoop.current
        handshake.signal()
        pumpLoop?.run()
    }
}
