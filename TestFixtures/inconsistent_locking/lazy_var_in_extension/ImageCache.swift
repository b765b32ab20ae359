import Foundation

// A class that owns a serial queue and reaches its lazy var on it in one file.
final class ImageCache {
    let queue = DispatchQueue(label: "images")
    var entries: [String: Data] = [:]
    lazy var index: [String: Int] = [:]

    func insert(_ key: String, _ data: Data) {
        queue.async {
            self.entries[key] = data
            self.index[key] = data.count
        }
    }
}
