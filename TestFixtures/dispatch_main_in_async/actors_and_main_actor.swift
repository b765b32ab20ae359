import Foundation

actor Uploader {
    private var pending: [URL] = []

    func finish() {
        DispatchQueue.main.async { // expect: dispatch_main_in_async
            NotificationCenter.default.post(name: .init("done"), object: nil)
        }
    }

    var summary: String {
        DispatchQueue.main.sync { } // expect: dispatch_main_in_async
        return ""
    }

    nonisolated func notify() {
        DispatchQueue.main.async { }
    }

    static func shared() {
        DispatchQueue.main.async { }
    }

    final class Helper {
        func run() {
            DispatchQueue.main.async { }
        }
    }
}

extension Uploader {
    func retry() {
        DispatchQueue.main.asyncAfter(deadline: .now() + 2) { } // a timer set with nothing left to await: quiet
    }
}

@MainActor
@available(iOS 15, macOS 12, *)
final class ProfileViewModel {
    var name = "" {
        didSet {
            DispatchQueue.main.async { } // quiet: on the main actor the hop only defers the block
        }
    }

    func reload() {
        DispatchQueue.main.async { // quiet: on the main actor the hop only defers the block
            self.name = "x"
        }
    }

    func deadlock() {
        DispatchQueue.main.sync { } // expect: dispatch_main_in_async
    }

    nonisolated func fromBackground() {
        DispatchQueue.main.async { }
    }
}

final class Presenter {
    @MainActor
    func show() {
        DispatchQueue.main.async { } // quiet: on the main actor the hop only defers the block
    }

    func legacy() {
        DispatchQueue.main.async { }
    }
}

extension ProfileViewModel {
    func extra() {
        DispatchQueue.main.async { } // quiet: on the main actor the hop only defers the block
    }
}

@MainActor extension Presenter {
    func isolated() {
        DispatchQueue.main.async { } // quiet: on the main actor the hop only defers the block
    }
}

@globalActor actor DatabaseActor {
    static let shared = DatabaseActor()
}

@DatabaseActor
final class Store {
    func save() {
        DispatchQueue.main.async { } // expect: dispatch_main_in_async
    }
}
