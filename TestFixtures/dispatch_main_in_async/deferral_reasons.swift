import SwiftUI
import UIKit

// On the main actor `DispatchQueue.main.async` only runs its block later. When the code shows that
// it needs the block to run after the current work returns, the hop is meant and not reported;
// otherwise it is reported, and the fix keeps the deferral (`Task { }` also runs later).

/// Reloads requested while one is pending are coalesced into one pass per run-loop turn.
@MainActor
final class TimelineReloader {
    func requestReload() {
        DispatchQueue.main.async { self.reload() }
    }

    func reload() {}
}

@MainActor
final class BadgeStore {
    // Reading the badge posts a change on the next turn: posting from inside the getter would
    // re-enter the cell configuration that reads it.
    var count: Int {
        DispatchQueue.main.async { NotificationCenter.default.post(name: .init("badge"), object: nil) }
        return 3
    }

    subscript(index: Int) -> Int {
        get {
            DispatchQueue.main.async { NotificationCenter.default.post(name: .init("read"), object: nil) }
            return index
        }
    }

    /// Posts after the current layout pass returns, so observers do not re-enter it.
    func announce() {
        DispatchQueue.main.async { NotificationCenter.default.post(name: .init("announce"), object: nil) }
    }

    // The same post with nothing that says why it must wait: reported.
    func refresh() {
        DispatchQueue.main.async { NotificationCenter.default.post(name: .init("refresh"), object: nil) } // quiet: on the main actor the hop only defers the block
    }
}

// Coalescing: the block resets a flag the code tests and sets before scheduling it.
@MainActor
final class LayoutScheduler {
    private var updateScheduled = false
    private var flushPending = false
    private var counter = 0

    func setNeedsUpdate() {
        guard !updateScheduled else { return }
        updateScheduled = true
        DispatchQueue.main.async {
            self.updateScheduled = false
            self.update()
        }
    }

    // Through a method that resets the flag.
    func scheduleFlush() {
        if flushPending { return }
        flushPending = true
        DispatchQueue.main.async { self.flush() }
    }

    private func flush() {
        flushPending = false
    }

    // A flag the block does not reset: not a coalescing, reported.
    func bump() {
        if counter > 10 { return }
        counter += 1
        DispatchQueue.main.async { self.update() } // quiet: on the main actor the hop only defers the block
    }

    func update() {}
}

// Presenting: a presentation has to wait for the action or transition in progress.
struct ExportMenu: View {
    @ObservedObject var model: ExportModel

    var body: some View {
        Menu("More") {
            Button("Export") { model.exportTapped() }
        }
        .sheet(isPresented: $model.showingExport) { Text("Export") }
    }
}

@MainActor
final class ExportModel: ObservableObject {
    @Published var showingExport = false
    @Published var status = ""

    func exportTapped() {
        DispatchQueue.main.async { self.showingExport = true }
    }

    func statusTapped() {
        DispatchQueue.main.async { self.status = "Exported" } // quiet: on the main actor the hop only defers the block
    }
}

@MainActor
final class ShareController: UIViewController {
    func shareTapped() {
        DispatchQueue.main.async { self.present(UIActivityViewController(activityItems: [], applicationActivities: nil), animated: true) }
    }

    func titleTapped() {
        DispatchQueue.main.async { self.title = "Shared" } // quiet: on the main actor the hop only defers the block
    }
}
