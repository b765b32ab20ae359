import Testing

// Swift Testing runs tests in parallel: a global the tests write is shared by them.
nonisolated(unsafe) var requestCount = 0 // expect: nonisolated_unsafe
// Set once and only read: not reported in test code.
nonisolated(unsafe) let fixtureNames = ["a", "b"]
nonisolated(unsafe) var baseURL = "http://localhost"

@Test func counts() {
    requestCount += 1
    #expect(!fixtureNames.isEmpty && !baseURL.isEmpty)
}
