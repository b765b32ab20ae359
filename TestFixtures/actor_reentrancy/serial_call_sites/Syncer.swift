import Foundation

actor Syncer {
    let jobs = JobQueue()
    var status: [String: Bool] = [:]
    var revision = 0

    func push(_ key: String) {
        jobs.submit { await self.pushAssumingOnQueue(key) }
    }

    func pushAssumingOnQueue(_ key: String) async {
        await markSent(key)
    }

    func bumpFromQueue() {
        jobs.submit { await self.bump() }
    }

    func bumpFromTask() {
        Task { await self.bump() }
    }
}
