import Foundation

final class TCPTransport: Transport {
    func negotiate() { mtu = 9000 }
}

func shorten(_ t: Transport) {
    let path = \Transport.timeout
    t[keyPath: path] = 5
}
