import Foundation

// `Task { await f() }` as the statement of a `switch` case, in a synchronous method: a task nobody
// keeps. Its last step's hop is the last thing the task does. Not reported, also when the task's
// call goes through a wrapper whose last step is an `if` inside `do`/`catch`. A task assigned in a
// case, or one that goes on after the call, keeps the finding.
enum Plan { case monthly, yearly, trial, lifetime }

final class BillingScreen {
    var plan: Plan = .monthly
    var pending: Task<Void, Never>?

    func manage() {
        switch plan {
        case .monthly:
            Task { await openPortal() }
        case .yearly: Task { await self.confirmRenewal() }
        case .trial:
            pending = Task { await startTrial() }
        default:
            Task {
                await showOffer()
                track()
            }
        }
    }

    private func openPortal() async {
        let url = await portalURL()
        DispatchQueue.main.async {
            self.present(url)
        }
    }

    private func confirmRenewal() async {
        do {
            let ok = try await renew()
            if ok {
                await announceRenewal()
            }
        } catch {}
    }

    private func announceRenewal() async {
        let url = await portalURL()
        DispatchQueue.main.async { self.present(url) }
    }

    private func startTrial() async {
        let url = await portalURL()
        DispatchQueue.main.async { self.present(url) } // expect: dispatch_main_in_async
    }

    private func showOffer() async {
        let url = await portalURL()
        DispatchQueue.main.async { self.present(url) } // expect: dispatch_main_in_async
    }

    func portalURL() async -> URL { URL(fileURLWithPath: "/") }
    func renew() async throws -> Bool { true }
    func present(_ url: URL) {}
    func track() {}
}
