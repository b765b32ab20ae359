import Foundation

// A private helper every call of which is behind a check that the code is off the main thread,
// in an extension of a main-actor type declared in another file: not reported. A helper also
// called where nothing checks is a deadlock there.
extension Renderer {
    func tick() {
        if Thread.isMainThread { frames += 1 } else { tickOnMain() }
    }

    func tock() {
        guard !Thread.isMainThread else { return }
        tickOnMain()
    }

    private func tickOnMain() {
        DispatchQueue.main.sync { self.frames += 1 }
    }

    func reset() {
        if !Thread.isMainThread { resetOnMain() }
    }

    func resetNow() {
        resetOnMain()
    }

    private func resetOnMain() {
        DispatchQueue.main.sync { self.frames = 0 } // expect: dispatch_main_in_async
    }
}
