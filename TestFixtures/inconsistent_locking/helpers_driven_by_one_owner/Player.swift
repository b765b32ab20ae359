import Foundation

final class Player {
    private let decoder = Decoder()
    private let meter = Meter()

    func step() {
        decoder.open()
        if decoder.rate > 0, let format = decoder.format {
            print(format)
        }
        meter.sample(1)
        print(meter.peak) // expect: inconsistent_locking
    }

    private func describe() -> String {
        "\(decoder.rate)"
    }
}
