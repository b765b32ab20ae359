import Foundation

// Hops followed only by other main-queue blocks: the main queue runs them in order, so only the
// function's end can come before the block. When nothing awaits that end (only tasks nobody keeps
// end with the function) nothing is reported; when a caller awaits it and goes on, it is.
final class StripeScreen {
    var model: String?
    var visible = false

    func open() {
        Task { await showPortal() }
    }

    private func showPortal() async {
        let url = await portalURL()
        if model == nil {
            DispatchQueue.main.async { self.model = url }
        }
        DispatchQueue.main.async { self.visible = true }
    }

    func refresh() async {
        await showAccount()
        print(visible)
    }

    private func showAccount() async {
        let url = await portalURL()
        DispatchQueue.main.async { self.model = url } // expect: dispatch_main_in_async
        DispatchQueue.main.async { self.visible = true } // expect: dispatch_main_in_async
    }

    // Other code between the hops that reads what the block sets: reported (not as a last step).
    func openAgain() {
        Task { await showAgain() }
    }

    private func showAgain() async {
        let url = await portalURL()
        DispatchQueue.main.async { self.model = url } // expect: dispatch_main_in_async
        print(model)
        DispatchQueue.main.async { self.visible = true }
    }

    func portalURL() async -> String { "" }
}

// Returning a literal after the hop runs nothing that could see the block: the hop is the last
// step. Awaited by a caller that goes on, it is reported as such; awaited only by a task nobody
// keeps, it is not.
final class EmailLoader {
    var email = ""

    func refresh(cached: Bool) async -> Bool {
        switch cached {
        case true:
            DispatchQueue.main.async { self.email = "cached" } // expect: dispatch_main_in_async
            return true
        case false:
            break
        }
        let fetched = await fetchEmail()
        DispatchQueue.main.async { self.email = fetched } // expect: dispatch_main_in_async
        return false
    }

    func screenAppeared() async {
        let ok = await refresh(cached: true)
        print(ok)
    }

    func reloadQuietly() {
        Task { await silentReload() }
    }

    private func silentReload() async -> Bool {
        let fetched = await fetchEmail()
        DispatchQueue.main.async { self.email = fetched }
        return true
    }

    func fetchEmail() async -> String { "" }
}
