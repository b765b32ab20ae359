import Foundation

struct Settings {
    var values: [String: Int] = [:]
}

enum Mode { case fast, slow }

final class Registry {
    private var entries: [String: Int] = [:]
    private var names = [String]()
    private var title = ""
    private var settings = Settings()
    private let token = NSObject()
    private var delegateBox: AnyObject?

    func add(_ key: String, _ value: Int) {
        objc_sync_enter(entries) // expect: unsafe_os_lock
        defer { objc_sync_exit(entries) }
        entries[key] = value
    }

    func rename(_ name: String) {
        objc_sync_enter(self.title) // expect: unsafe_os_lock
        title = name
        objc_sync_exit(self.title)
    }

    func append(_ name: String) {
        objc_sync_enter(names) // expect: unsafe_os_lock
        names.append(name)
        objc_sync_exit(names)
    }

    func update() {
        objc_sync_enter(settings) // expect: unsafe_os_lock
        settings.values["a"] = 1
        objc_sync_exit(settings)
    }

    func literal() {
        objc_sync_enter("registry") // expect: unsafe_os_lock
        objc_sync_exit("registry")
    }

    func parameter(_ list: [Int], mode: Mode) {
        objc_sync_enter(list) // expect: unsafe_os_lock
        objc_sync_exit(list)
        objc_sync_enter(mode) // expect: unsafe_os_lock
        objc_sync_exit(mode)
    }

    // Quiet: a class instance is one object for every caller.
    func safe() {
        objc_sync_enter(self)
        defer { objc_sync_exit(self) }
        objc_sync_enter(token)
        objc_sync_exit(token)
        if let box = delegateBox {
            objc_sync_enter(box)
            objc_sync_exit(box)
        }
    }

    func unknown(_ other: Any, _ target: SomeType) {
        objc_sync_enter(other)
        objc_sync_exit(other)
        objc_sync_enter(target)
        objc_sync_exit(target)
    }
}

struct Counter {
    var count = 0
    mutating func increment() {
        objc_sync_enter(self) // expect: unsafe_os_lock
        count += 1
        objc_sync_exit(self)
    }
}

func local() {
    let key = "shared-key"
    objc_sync_enter(key) // expect: unsafe_os_lock
    objc_sync_exit(key)
    let object = NSObject()
    objc_sync_enter(object)
    objc_sync_exit(object)
    // objc_sync_enter("in a comment")
    let text = "objc_sync_enter([])"
    _ = text
}
