import Foundation

// The last step of an async function, deferred on purpose and said so beside the hop: the
// block must run on a later turn of the main run loop, which awaiting the main actor would
// not give. Not reported.
final class Teardown {
    func reset() async {
        await flush()
        /// Wait until the next run loop before quitting, so the closing connections log first.
        DispatchQueue.main.async {
            exit(0)
        }
    }

    func flush() async {}
}

// Near-miss: the same hop with no word on why it is deferred; its caller awaits it.
final class Restart {
    func restart() async {
        await prepare()
        DispatchQueue.main.async { self.relaunch() } // expect: dispatch_main_in_async
    }

    func prepare() async {}
    func relaunch() {}

    func run() async {
        await restart()
        print("restarted")
    }
}
