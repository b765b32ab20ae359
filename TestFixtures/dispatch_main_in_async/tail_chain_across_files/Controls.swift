import Foundation

final class Controls {
    let player = Player()

    func tapPlay() {
        Task { await player.prepare() }
    }

    func tapStop() async {
        await player.stop()
        print("stopped")
    }
}
