import Foundation

final class Pump {
    private let thread = PumpThread()

    func attach(_ port: Port) {
        thread.start()
        thread.pumpLoop!.add(port, forMode: .default)
    }
}
