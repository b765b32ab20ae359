/// Decoders in another file: they call back through a parameter, passed along a helper.
final class Decoder {
    func decode(_ bytes: [UInt8], _ target: Emulator) {
        for b in bytes { step(b, target) }
    }

    private func step(_ b: UInt8, _ target: Emulator) {
        if b == 0x0a { target.moveCursor(by: 1) } else { target.setTitle(String(b)) }
    }
}

final class LineDecoder {
    func decode(_ text: String, into sink: Console) {
        for l in text.split(separator: "\n") { sink.appendLine(String(l)) }
    }
}
