import Foundation

// A block that only posts state (assignments) which nothing after it in the function names,
// followed by another main-queue block of the same code: the main queue runs that later block
// after it, so whoever waits for the later block's effect sees this one's too. Quiet; the later
// block is judged on its own. Reported where code after it reads what it posts, where it does
// more than assign, or where no later main-queue block follows.
final class Catalog {
    var isLoading = false
    var items: [String] = []
    var store = Shelf()

    func reload() async throws {
        DispatchQueue.main.async {
            self.isLoading = true
        }
        let fetched = try await fetch()
        DispatchQueue.main.async { // expect: dispatch_main_in_async
            self.items = fetched
            self.isLoading = false
        }
    }

    // Another spelling: weak capture, optional chain, a value built for the assignment.
    func reset() async throws {
        DispatchQueue.main.async { [weak self] in
            self?.store.banner = .init(text: "")
        }
        try await fetch2()
        DispatchQueue.main.async { [weak self] in self?.store.count += 1 } // expect: dispatch_main_in_async
    }

    // The code after it reads what it posts: it may see the value from before the block.
    func reloadChecked() async throws {
        DispatchQueue.main.async { self.isLoading = true } // expect: dispatch_main_in_async
        if isLoading { print("loading") }
        _ = try await fetch()
        DispatchQueue.main.async { self.isLoading = false } // expect: dispatch_main_in_async
    }

    // The block calls a method, not only assigns: what it does is not seen.
    func reloadAndTell() async throws {
        DispatchQueue.main.async { self.announce() } // expect: dispatch_main_in_async
        _ = try await fetch()
        DispatchQueue.main.async { self.isLoading = false } // expect: dispatch_main_in_async
    }

    // No later main-queue block: the caller may wait for what it posts.
    func startLoading() async throws {
        DispatchQueue.main.async { self.isLoading = true } // expect: dispatch_main_in_async
        _ = try await fetch()
    }

    // A later block in a `defer` of the function runs after it (a wrapper in between: the catch).
    func leave() async throws {
        defer {
            DispatchQueue.main.async { self.items = [] } // expect: dispatch_main_in_async
        }
        do {
            _ = try await fetch()
        } catch {
            DispatchQueue.main.async { self.store.banner = Banner(text: "failed") }
        }
        try await fetch2()
    }

    // In a task somebody keeps: the same.
    var job: Task<Void, Never>?
    func begin() {
        job = Task {
            DispatchQueue.main.async { self.isLoading = true }
            _ = try? await self.fetch()
            DispatchQueue.main.async { self.isLoading = false } // expect: dispatch_main_in_async
        }
    }

    // The other block is in another branch: it does not run after this one.
    func settle(_ ok: Bool) async throws {
        switch ok {
        case true:
            DispatchQueue.main.async { self.isLoading = false } // expect: dispatch_main_in_async
        case false:
            DispatchQueue.main.async { self.items = [] } // expect: dispatch_main_in_async
        }
        try await fetch2()
    }

    func settleAgain(_ ok: Bool) async throws {
        if ok {
            DispatchQueue.main.async { self.isLoading = true } // expect: dispatch_main_in_async
        } else {
            DispatchQueue.main.async { self.items = [] } // expect: dispatch_main_in_async
        }
        try await fetch2()
    }

    func announce() {}
    func fetch() async throws -> [String] { [] }
    func fetch2() async throws {}
}

struct Banner { var text: String }
struct Shelf {
    var banner = Banner(text: "")
    var count = 0
}
