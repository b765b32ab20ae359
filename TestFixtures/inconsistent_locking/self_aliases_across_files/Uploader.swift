import Foundation

final class Uploader {
    let lock = DispatchSemaphore(value: 1)
    let callbacks = DispatchQueue(label: "callbacks")
    var progress: [String: Double] = [:]

    func update(_ name: String, _ value: Double) {
        lock.wait()
        progress[name] = value
        lock.signal()
    }
}
