import Combine
import Foundation

// A hop at the end of an async function whose effect nobody awaits: the function is awaited only
// as the last step of other async functions, down to a task nobody keeps that a Combine `sink`
// starts, with `self?.` or a rebound `self`. Not reported. When a link of the chain does
// something after the call, or the task is kept, the hop is reported.
final class InboxModel {
    var cancellables = Set<AnyCancellable>()
    var refreshing: Task<Void, Never>?

    init(updates: AnyPublisher<Void, Never>) {
        updates
            .sink { [weak self] _ in
                Task { [weak self] in
                    await self?.syncAll()
                }
            }
            .store(in: &cancellables)
        updates
            .sink { [weak self] _ in
                guard let strongSelf = self else { return }
                Task {
                    await strongSelf.pullAll()
                }
            }
            .store(in: &cancellables)
    }

    // Three links down to the hop.
    private func syncAll() async {
        await fetchHeaders()
        await syncFolders()
    }

    private func syncFolders() async {
        await fetchHeaders()
        await publishFolders()
    }

    private func publishFolders() async {
        let folders = await loadFolders()
        DispatchQueue.main.async { [weak self] in
            self?.show(folders)
        }
    }

    // A link that goes on after the call: what follows may rely on the hop.
    private func pullAll() async {
        await pullMessages()
        log()
    }

    private func pullMessages() async {
        let folders = await loadFolders()
        DispatchQueue.main.async { self.show(folders) } // expect: dispatch_main_in_async
    }

    // A kept task at the top of the chain: whoever awaits it may expect the effect.
    func startRefresh() {
        refreshing = Task { await self.refreshAll() }
    }

    private func refreshAll() async {
        await refreshFolders()
    }

    private func refreshFolders() async {
        let folders = await loadFolders()
        DispatchQueue.main.async { self.show(folders) } // expect: dispatch_main_in_async
    }

    func fetchHeaders() async {}
    func loadFolders() async -> [String] { [] }
    func show(_ folders: [String]) {}
    func log() {}
}
