import Foundation

// The watchdog's queue is declared here; the waits are in an extension in another file.
final class Watchdog {
    let queue = DispatchQueue(label: "watchdog")
    var missed = 0
}
