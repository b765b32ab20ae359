import Foundation

actor Mailer {
    var pending: [String] = []
    var sending = false
    var delivered: Set<String> = []
    var bounced = 0

    func send(_ m: String) {
        pending.append(m)
        startIfIdle()
    }

    private func startIfIdle() {
        guard !sending, !pending.isEmpty else { return }
        sending = true
        let m = pending.removeFirst()
        Task {
            await self.route(m)
            await self.sendingEnded()
        }
    }

    private func sendingEnded() {
        sending = false
        startIfIdle()
    }

    func bounceNow() async {
        await bounce("now")
    }
}
