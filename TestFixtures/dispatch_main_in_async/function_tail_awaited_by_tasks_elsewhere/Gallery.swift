import Foundation

// Async functions whose last step hands a block to the main queue. Other files of the run await
// them; where every await is the last thing of a `Task { }` nobody keeps, nobody waits for what
// the function does last, and the hop is not reported.
final class Gallery {
    func fetch() async {}
    func show() {}

    // Awaited only as `Task { await gallery.load() }` in another file: not reported.
    func load() async {
        await fetch()
        DispatchQueue.main.async { self.show() }
    }

    // Awaited in a `do`/`catch` that ends an unkept task: not reported.
    func save() async throws {
        await fetch()
        DispatchQueue.main.async { self.show() }
    }

    // Awaited through an optional chain by a task with a weak capture: not reported.
    func share() async {
        await fetch()
        DispatchQueue.main.async { self.show() }
    }

    // The task goes on after the await: reported.
    func refresh() async {
        await fetch()
        DispatchQueue.main.async { self.show() } // expect: dispatch_main_in_async
    }

    // The task is kept: code may await it. Reported.
    func reload() async {
        await fetch()
        DispatchQueue.main.async { self.show() } // expect: dispatch_main_in_async
    }

    // Awaited by an async function, which may rely on its effect: reported.
    func prune() async {
        await fetch()
        DispatchQueue.main.async { self.show() } // expect: dispatch_main_in_async
    }

    // Awaited nowhere in the run: reported.
    func export() async {
        await fetch()
        DispatchQueue.main.async { self.show() } // expect: dispatch_main_in_async
    }
}
