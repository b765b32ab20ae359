import Foundation

// One of two files that declare the same class name (only one of them is built): each is judged
// with its own file, and the hooks its superclass runs on the queue stay confined to it.
extension Jobs {
    final class Upload: SerialJob, @unchecked Sendable {
        private var request: URLSessionTask?

        override func run() {
            request = URLSession.shared.dataTask(with: URL(string: "https://example.com")!)
            request?.resume()
        }

        override func didCancel() {
            request?.cancel()
            request = nil
        }
    }
}

enum Jobs {}
