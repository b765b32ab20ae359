import Foundation

// The actor's state; the callers and their helpers are in an extension of it.
actor Feed {
    var items: [String] = []
    var page = 0
    var isFetching = false
}

extension Feed {
    // Quiet: the wrapper awaits a helper whose gate (`isFetching`) is claimed before its await.
    func loadFirstPage() async {
        guard items.isEmpty else { return }
        await reload()
    }

    private func reload() async {
        await fetchPage()
    }

    private func fetchPage() async {
        if isFetching { return }
        self.isFetching = true
        defer { isFetching = false }
        let fresh = await Backend.page(page)
        items = fresh
    }

    // Fires: the same wrapper shape around a helper with no gate.
    func loadFirstPageAgain() async {
        guard items.isEmpty else { return }
        await reloadUngated() // expect: actor_reentrancy
    }

    private func reloadUngated() async {
        await fetchPageUngated()
    }

    private func fetchPageUngated() async {
        let fresh = await Backend.page(page)
        items = fresh
    }
}

enum Backend {
    static func page(_ n: Int) async -> [String] { [] }
}
