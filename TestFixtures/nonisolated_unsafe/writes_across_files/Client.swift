import Foundation

let configLock = NSLock()

func connect(to url: String) {
    Config.endpoint = url
}

func setMode(_ m: Int) {
    configLock.withLock { Config.mode = m }
}

extension Config {
    static func resetFlags() { flags = 0 }
}

final class Settings {
    private let state = Protected()
    func move(to r: String) {
        state.mutate { Config.region = r }
    }
}
