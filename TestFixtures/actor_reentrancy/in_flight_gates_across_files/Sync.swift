import Foundation

// The actor's state; its methods are in an extension in another file.
actor SettingsSync {
    var syncedThisSession = false
    var syncing = false
    var values: [String: String] = [:]
}
