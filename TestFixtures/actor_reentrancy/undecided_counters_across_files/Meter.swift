import Foundation

actor Meter {
    var dropped = 0
    var level = 0
    var label = ""

    func report(_ n: Int) async {
        await send(n)
    }

    private func send(_ n: Int) async { try? await Task.sleep(nanoseconds: UInt64(n)) }
}
