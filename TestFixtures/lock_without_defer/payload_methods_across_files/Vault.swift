import Foundation

final class Vault {
    private var sealed: Data?

    func lock(with passcode: String) {
        sealed = Data(passcode.utf8)
    }

    func unlock(with passcode: String) -> Bool {
        sealed == Data(passcode.utf8)
    }
}
