import Foundation

// A hop followed by an await of main-actor code: the main queue runs the block first, so what
// follows sees its effect, and nothing after the hop can tell it from `await MainActor.run`. Not
// reported. Followed by other async code, the hop is reported.
final class ProfileModel {
    var name = ""
    var saving = false

    func save() async {
        DispatchQueue.main.async { self.saving = true }
        await MainActor.run { self.render() }
        await upload()
    }

    func rename(to name: String) async {
        DispatchQueue.main.async { self.name = name }
        try? await self.announce()
        await upload()
    }

    func publish() async {
        if await upload() {
            DispatchQueue.main.async { self.saving = false }
            _ = await MainActor.run { self.name }
        }
    }

    func reload() async {
        DispatchQueue.main.async { self.saving = true } // expect: dispatch_main_in_async
        await upload()
        await MainActor.run { self.render() }
    }

    @MainActor
    func announce() async throws {}

    @MainActor
    func render() {}

    @discardableResult
    func upload() async -> Bool { true }
}
