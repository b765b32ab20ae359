import Foundation

// Another file, another spelling: a task kept by its owner, the hop's reason in a line comment
// above it (the re-entrancy it avoids).
@MainActor protocol BannerHost: AnyObject {
    func show(_ text: String)
}

final class Banner {
    weak var host: BannerHost?
    private var work: Task<Void, Never>?

    func announce(_ text: String) {
        work = Task {
            let line = await compose(text)
            // Deferred on purpose: showing it now would re-enter the host's layout pass.
            DispatchQueue.main.async { [weak self] in
                self?.host?.show(line)
            }
        }
    }

    func compose(_ text: String) async -> String { text }
}

// A third: the reason at the end of the hop's own line, in an extension's async method.
extension Banner {
    func dismiss() async {
        await settle()
        DispatchQueue.main.async { self.host?.show("") } // intentional: after the current layout pass
    }

    func settle() async {}

    func dismissAndLog() async {
        await dismiss()
        print("dismissed")
    }
}
