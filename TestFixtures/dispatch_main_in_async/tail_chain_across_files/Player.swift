import Foundation

// A chain across files: another file awaits the chain's top only as the last step of a task
// nobody keeps, so the hop at its end is still the last thing such a task does. A call of a
// same-named method on another type (`Library.shared().loadTrack()`) is not a call of this one.
final class Player {
    func play() {
        Task { await prepare() }
    }

    func prepare() async {
        await warmUp()
        await loadTrack()
    }

    func loadTrack() async {
        let track = await Library.shared().loadTrack()
        DispatchQueue.main.async { self.show(track) }
    }

    // Its caller's caller is awaited in another file, which goes on after it: reported.
    func stop() async {
        await fadeOut()
    }

    func fadeOut() async {
        await warmUp()
        DispatchQueue.main.async { self.show("") } // expect: dispatch_main_in_async
    }

    func warmUp() async {}
    func show(_ track: String) {}
}

final class Library {
    static func shared() -> Library { Library() }
    func loadTrack() async -> String { "" }
}
