import Foundation

final class GalleryScreen {
    let gallery = Gallery()
    var pending: Task<Void, Never>?

    func onAppear() {
        Task { await gallery.load() }
        run {
            _ = Task {
                do {
                    try await self.gallery.save()
                } catch {
                    print(error)
                }
            }
        }
        Task { [weak self] in
            await self?.gallery.share()
        }
        Task {
            await gallery.refresh()
            print("refreshed")
        }
        pending = Task { await gallery.reload() }
    }

    func tidy() async {
        await gallery.prune()
    }

    func run(_ body: () -> Void) { body() }
}
