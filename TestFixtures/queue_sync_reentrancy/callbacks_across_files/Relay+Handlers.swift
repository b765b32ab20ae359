import Network

extension Relay {
    func installHandlers() {
        listener?.newConnectionHandler = { [weak self] _ in
            print(self?.count ?? 0)
        }
    }
}
