import Foundation

// A set-up method called by another type's initializer on the instance it is building, and on a
// fresh local elsewhere, stays set-up. Called by an initializer on an instance handed to it,
// which other code may already share, it is not.
final class Codec: @unchecked Sendable {
    var table: [String] = []

    func load(_ t: [String]) {
        table = t
    }

    func encode(_ s: String) -> Int { table.firstIndex(of: s) ?? -1 }
}

final class Cipher: @unchecked Sendable { // expect: unchecked_sendable_unguarded
    var key = ""

    func load(key: String) {
        self.key = key
    }

    func seal(_ s: String) -> String { key + s }
}

final class Channel {
    let codec: Codec
    let cipher: Cipher

    init(cipher: Cipher) {
        codec = Codec()
        codec.load(["a", "b"])
        cipher.load(key: "k")
        self.cipher = cipher
    }

    static func make() -> Channel {
        let c = Cipher()
        c.load(key: "k0")
        let k = Codec()
        k.load(["c"])
        return Channel(cipher: c)
    }
}
