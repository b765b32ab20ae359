import CoreBluetooth
import Foundation

// The manager calls this class's delegate methods (those taking a CBCentralManager first) on
// the queue it was made with: their accesses run on 'central'.
final class Scanner: NSObject, CBCentralManagerDelegate {
    private let central = DispatchQueue(label: "scanner.central")
    private var manager: CBCentralManager?
    private var found: [UUID] = []
    private var expected: String?

    func start() {
        manager = CBCentralManager(delegate: self, queue: central, options: nil)
    }

    func centralManagerDidUpdateState(_ central: CBCentralManager) {}

    func centralManager(_ central: CBCentralManager, didDiscover peripheral: CBPeripheral, advertisementData: [String: Any], rssi: NSNumber) {
        if let name = expected, peripheral.name == name {
            found.append(peripheral.identifier)
        }
    }

    func forget() {
        central.async { self.found.removeAll() }
    }

    // Off the queue, public (called by code the run does not show, not by the manager): reported.
    public func reset() {
        found = [] // expect: inconsistent_locking
    }
}
