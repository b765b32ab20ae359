import XCTest
@testable import LockLintCore

/// The engine's answer to "can this awaited call come back with a failure the code goes on from?".
final class AwaitOutcomeTests: XCTestCase {
    func structure(_ code: String) -> FileStructure { FileStructure(file: SourceFile(path: "S.swift", text: code)) }

    /// The `n`th `await` keyword.
    func awaitToken(_ s: FileStructure, _ n: Int) -> Int { Int(s.awaitTokens[n]) }

    func testATriedAwaitCanFailAndAForcedOneCannot() {
        let s = structure("""
            func f() async throws {
                let a = try await make()
                try? await send()
                let b = try! await make()
                await plain()
            }
            """)
        XCTAssertTrue(AwaitOutcome.mayFail(s, await: awaitToken(s, 0)))
        XCTAssertTrue(AwaitOutcome.mayFail(s, await: awaitToken(s, 1)))
        XCTAssertFalse(AwaitOutcome.mayFail(s, await: awaitToken(s, 2)))
        XCTAssertFalse(AwaitOutcome.mayFail(s, await: awaitToken(s, 3)))
    }

    func testAResultTestedOnTheSpotOrLaterCanFail() {
        let s = structure("""
            func f() async {
                guard let t = await token() else { return }
                let ok = await deliver()
                if !ok { return }
                let value = await load()
                store(value)
                if await ready() { go() }
            }
            """)
        XCTAssertTrue(AwaitOutcome.mayFail(s, await: awaitToken(s, 0)))
        XCTAssertTrue(AwaitOutcome.mayFail(s, await: awaitToken(s, 1)))
        XCTAssertFalse(AwaitOutcome.mayFail(s, await: awaitToken(s, 2)))
        XCTAssertTrue(AwaitOutcome.mayFail(s, await: awaitToken(s, 3)))
    }
}
