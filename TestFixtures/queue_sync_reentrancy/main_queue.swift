import Foundation
import UIKit
import SwiftUI

@MainActor
final class ViewModel {
    var title = ""

    func reload() {
        DispatchQueue.main.sync { title = "x" } // expect: queue_sync_reentrancy
    }

    nonisolated func fromAnywhere() {
        DispatchQueue.main.sync { print("ok off the main thread") }
    }
}

final class Controller: UIViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        DispatchQueue.main.sync { view.backgroundColor = .red } // expect: queue_sync_reentrancy
    }
}

struct Screen: View {
    var body: some View {
        Text(DispatchQueue.main.sync { "title" }) // expect: queue_sync_reentrancy
    }
}

final class Worker {
    @MainActor
    func render() {
        DispatchQueue.main.sync { } // expect: queue_sync_reentrancy
    }

    func done() {
        DispatchQueue.main.async {
            DispatchQueue.main.sync { print("done") } // expect: queue_sync_reentrancy
        }
    }

    func hop() async {
        await MainActor.run {
            DispatchQueue.main.sync { } // expect: queue_sync_reentrancy
        }
        Task { @MainActor in
            DispatchQueue.main.sync { } // expect: queue_sync_reentrancy
        }
    }

    /// Off the main thread: fine.
    func background() {
        DispatchQueue.global().async {
            DispatchQueue.main.sync { print("from the background") }
        }
    }
}
