// Two protocols; their implementations and their callers live in other files of the run.
protocol TokenArchive {
    func token(for key: String) -> String?
    func store(_ token: String, for key: String)
}

protocol TokenAudit {
    func record(_ key: String)
}
