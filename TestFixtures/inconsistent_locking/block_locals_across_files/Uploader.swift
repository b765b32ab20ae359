import Foundation

final class Uploader {
    let queue = DispatchQueue(label: "uploader")
    var pending: [String] = []

    func enqueue(_ name: String) {
        queue.async { self.pending.append(name) }
    }

    func drop(_ name: String) {
        queue.async { self.pending.removeAll { $0 == name } }
    }
}
