import Foundation

// The provider's lock held in one callback that reads two of the renderer's vars: not their
// guard, since the renderer's writes never hold it and most of its accesses do not.
final class Renderer {
    var provider: (any FrameProvider)?
    private var texture: Int?
    private var pipeline: Int?

    func load() {
        texture = 1
        pipeline = 2
    }

    func rebuild() {
        DispatchQueue.main.async {
            self.texture = nil
            self.pipeline = nil
        }
    }

    func render() {
        if let texture, let pipeline { print(texture + pipeline) }
    }

    func resize() {
        print(texture ?? 0, pipeline ?? 0)
    }

    func providerDidRender() {
        provider?.frontLock.lock()
        print(texture ?? 0, pipeline ?? 0)
        provider?.frontLock.unlock()
    }
}

// The provider's lock taken at every write and every other access: the read without it is
// reported.
final class Uploader {
    let provider: any FrameProvider
    private var pending: [Int] = []

    init(provider: any FrameProvider) {
        self.provider = provider
    }

    func push(_ v: Int) {
        provider.frontLock.lock()
        pending.append(v)
        provider.frontLock.unlock()
    }

    func take() -> [Int] {
        provider.frontLock.lock()
        defer { provider.frontLock.unlock() }
        let out = pending
        pending = []
        return out
    }

    var backlog: Int {
        pending.count // expect: inconsistent_locking
    }
}
