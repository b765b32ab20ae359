import Foundation

final class Emitter {
    let stateGate = SpinGate()
    let emitGate = SpinGate()
    var buffered: [Int] = []
    var finished: [Bool] = []

    func emit(_ v: Int) {
        stateGate.lock()
        buffered.append(v)
        let last = isFinished
        emitGate.lock()
        stateGate.unlock()
        print(v, last)
        emitGate.unlock()
    }

    func finish(_ i: Int) {
        stateGate.lock()
        finished[i] = true
        guard isFinished, emitGate.tryAcquire() else {
            stateGate.unlock()
            return
        }
        stateGate.unlock()
        print("finished")
        emitGate.unlock()
    }
}
