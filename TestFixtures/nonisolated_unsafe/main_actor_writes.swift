import UIKit

// Writes made on the main actor in this file: by a view controller's members, in a
// `MainActor.run` block, in a closure run on the spot inside main-actor code.
nonisolated(unsafe) var visibleScreens: [String] = []
nonisolated(unsafe) var lastTitle = ""
nonisolated(unsafe) var openCount = 0
// Written in a completion handler that the network layer calls on a thread of its own.
nonisolated(unsafe) var lastStatus = 0 // expect: nonisolated_unsafe
// Written on the main actor and on a global queue.
nonisolated(unsafe) var pending = 0 // expect: nonisolated_unsafe

final class GalleryController: UIViewController {
    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        visibleScreens.append("gallery")
        ["a", "b"].forEach { lastTitle = $0 }
        pending += 1
    }

    func load(_ url: URL) {
        URLSession.shared.dataTask(with: url) { _, response, _ in
            lastStatus = (response as? HTTPURLResponse)?.statusCode ?? 0
        }.resume()
    }
}

func refreshInBackground() async {
    await MainActor.run {
        openCount += 1
    }
    DispatchQueue.global().async {
        pending = 0
    }
}
