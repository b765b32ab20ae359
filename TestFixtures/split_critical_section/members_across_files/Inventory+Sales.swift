import Foundation

// The getter and the method that lock are declared in another file.
extension Inventory {
    func sell() -> Bool {
        guard stock > 0 else { return false }
        setStock(stock - 1) // expect: split_critical_section
        return true
    }

    // A serial read under one acquisition and stored back incremented under another.
    func makeSerial() -> Int {
        let serial = lock.withLock { self.nextSerial }
        lock.withLock { self.nextSerial = serial + 1 } // expect: split_critical_section
        return serial
    }

    // In one acquisition: quiet.
    func sellAtomically() -> Bool {
        lock.withLock {
            guard _stock > 0 else { return false }
            _stock -= 1
            return true
        }
    }
}
