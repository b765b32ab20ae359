import Foundation

extension TokenStore {
    private var current: String? {
        tokens.last
    }
}
