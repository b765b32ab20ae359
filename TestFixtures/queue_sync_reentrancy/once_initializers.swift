import Foundation

enum Screen {
    // Runs once, under the lazy-initialization lock, on whichever thread reads it first.
    static let scale: Double = DispatchQueue.main.sync { 2.0 } // expect: queue_sync_reentrancy

    static let insets: [Double] = {
        let base = 4.0
        return DispatchQueue.main.sync { [base, base] } // expect: queue_sync_reentrancy
    }()

    // Guarded: on the main thread the work runs directly.
    static let width: Double = {
        if Thread.isMainThread { return 320 }
        return DispatchQueue.main.sync { 320 }
    }()

    static let height: Double = measureOnMain()

    static func measureOnMain() -> Double {
        DispatchQueue.main.sync { 640 } // expect: queue_sync_reentrancy
    }

    // A computed static runs on every read, with no once-lock.
    static var current: Double { DispatchQueue.main.sync { 1.0 } }

    // Runs later, when called: not part of the initialization.
    static let reader: () -> Double = { DispatchQueue.main.sync { 3.0 } }
}

let sharedTheme: String = DispatchQueue.main.sync { "dark" } // expect: queue_sync_reentrancy

let guardedTheme: String = Thread.isMainThread ? "light" : DispatchQueue.main.sync { "light" }

final class Holder {
    // An instance property is initialized with its instance, not under a once-lock.
    let name: String = DispatchQueue.main.sync { "holder" }

    lazy var label: String = DispatchQueue.main.sync { "label" }

    static let checked: Int = readChecked()

    static func readChecked() -> Int {
        if Thread.isMainThread { return 1 }
        return DispatchQueue.main.sync { 1 }
    }

    static let background: Int = DispatchQueue.global().sync { 5 }
}
