protocol SessionStoring {
    func activate(_ id: String)
}

final class SessionStore: SessionStoring {
    func activate(_ id: String) {
        activeSessionID = id
        shownSessionID = id
    }
}
