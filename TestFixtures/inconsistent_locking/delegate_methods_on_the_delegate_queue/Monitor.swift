import CoreBluetooth
import Foundation

// Quiet: a delegate method the class also calls itself runs wherever that call runs, so it is
// not bound to the queue, and 'level' shows no guard.
final class Monitor: NSObject, CBCentralManagerDelegate {
    private let work = DispatchQueue(label: "monitor")
    private var manager: CBCentralManager?
    private var level = 0

    func start() {
        manager = CBCentralManager(delegate: self, queue: work)
    }

    func centralManagerDidUpdateState(_ central: CBCentralManager) {}

    func centralManager(_ central: CBCentralManager, didConnect peripheral: CBPeripheral) {
        level += 1
    }

    func replay(_ central: CBCentralManager, _ p: CBPeripheral) {
        centralManager(central, didConnect: p)
    }

    public func current() -> Int { level }
}

// Quiet: two managers, one made with no queue (it calls on the main queue) and one with a
// queue of the class: the same delegate methods run on both, bound to neither.
final class Pair: NSObject, CBCentralManagerDelegate {
    private let work = DispatchQueue(label: "pair")
    private var first: CBCentralManager?
    private var second: CBCentralManager?
    private var seen = 0

    func start() {
        first = CBCentralManager(delegate: self, queue: nil)
        second = CBCentralManager(delegate: self, queue: work)
    }

    func centralManagerDidUpdateState(_ central: CBCentralManager) {
        seen += 1
    }

    public func count() -> Int { seen }
}
