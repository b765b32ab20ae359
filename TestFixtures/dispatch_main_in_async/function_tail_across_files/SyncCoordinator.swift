import Foundation

final class SyncCoordinator {
    let syncer = Syncer()

    func syncNow() async {
        await syncer.push()
        print("pushed")
    }
}
