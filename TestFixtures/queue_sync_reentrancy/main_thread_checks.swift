import UIKit

// `DispatchQueue.main.sync` that runs only off the main thread cannot wait for itself: under
// `if !Thread.isMainThread`, in the `else` of `if Thread.isMainThread`, after
// `guard !Thread.isMainThread`, or in a private helper every call of which is.
final class BadgeCell: UITableViewCell {
    func configure() {
        if !Thread.isMainThread {
            DispatchQueue.main.sync { self.configure() }
            return
        }
        textLabel?.text = "badge"
    }

    func refresh() {
        if Thread.isMainThread {
            apply()
        } else {
            DispatchQueue.main.sync { self.apply() }
        }
    }

    func apply() {}
}

final class ProfileController: UIViewController {
    func update() {
        if Thread.isMainThread { render() } else { renderOnMain() }
    }

    func reload() {
        guard !Thread.isMainThread else { return render() }
        renderOnMain()
    }

    func redraw() {
        Thread.isMainThread ? render() : renderOnMain()
    }

    private func renderOnMain() {
        DispatchQueue.main.sync { self.render() }
    }

    func render() {}
}

final class SettingsController: UIViewController {
    func update() {
        if Thread.isMainThread { apply() } else { applyOnMain() }
    }

    // Also called where nothing checks the thread: reported.
    func viewDidAppearAgain() {
        applyOnMain()
    }

    private func applyOnMain() {
        DispatchQueue.main.sync { self.apply() } // expect: queue_sync_reentrancy
    }

    // Not private: callers elsewhere may be on the main thread. Reported.
    func syncApply() {
        DispatchQueue.main.sync { self.apply() } // expect: queue_sync_reentrancy
    }

    func apply() {}
}

// The same checks spelt `Thread.current.isMainThread`.
final class AvatarView: UIView {
    func load() {
        guard !Thread.current.isMainThread else { return draw() }
        DispatchQueue.main.sync { self.draw() }
    }

    func reload() {
        if Thread.current.isMainThread {
            draw()
        } else {
            DispatchQueue.main.sync { self.draw() }
        }
    }

    func redrawAnyway() {
        DispatchQueue.main.sync { self.draw() } // expect: queue_sync_reentrancy
    }

    func draw() {}
}
