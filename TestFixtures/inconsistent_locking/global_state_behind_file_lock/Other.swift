// Another file declares its own global of the same name: it is another variable, judged by what
// this file does with it (nothing here locks, so nothing is reported).
private var currentToken: String?

func clearToken() { currentToken = nil }
