import Foundation

final class Feed {
    let queue = DispatchQueue(label: "feed")
    var posts: [String] = []

    func add(_ p: String) { queue.async { self.posts.append(p) } }

    func poll() {
        URLSession.shared.dataTask(with: URL(string: "https://example.invalid")!) { [weak self] _, _, _ in
            self?.ingest()
        }.resume()
    }
}
