import XCTest
@testable import LockLintCore

/// What a declaration's comment says about how it is kept safe.
final class ContractCommentsTests: XCTestCase {
    func testConfinementStatedOnAType() {
        let confined = [
            "**NOTE**: The manager is not thread/queue safe.",
            "This class is not thread- or queue-safe.",
            "It isn't thread safe.",
            "Not threadsafe: use from one thread.",
        ]
        for text in confined { XCTAssertTrue(ContractComments.statesConfinement(text), text) }
        let open = [
            "This is safe to call from any thread.",
            "Not safe.",
            "Thread-safe cache. Should be used sparingly.",
            "The handler should be called on completion.",
            "Not a queue.",
            "",
        ]
        for text in open { XCTAssertFalse(ContractComments.statesConfinement(text), text) }
    }

    func testTheOnePlaceATypeMustBeUsedFrom() {
        XCTAssertEqual(ContractComments.confinementTargets("All interaction should be done on the `handleQueue`."), ["handlequeue"])
        XCTAssertEqual(ContractComments.confinementTargets("Must only be called from the main thread."), ["main", "thread"])
        XCTAssertEqual(ContractComments.confinementTargets("The handler should be called on completion."), ["completion"])
        XCTAssertEqual(ContractComments.confinementTargets("Should be used sparingly."), [])
        XCTAssertEqual(ContractComments.confinementTargets("Thread-safe; call from anywhere."), [])
    }

    func testSetupContractsOnADeclaration() {
        let stated = [
            "This property is not thread-safe. Make sure to change it at the app launch before sending any logs.",
            "Must not be modified once the server is being used.",
            "Set once at startup.",
        ]
        for text in stated { XCTAssertTrue(ContractComments.documentsContract(text), text) }
        let silent = ["The number of retries.", "Changes are published to observers.", ""]
        for text in silent { XCTAssertFalse(ContractComments.documentsContract(text), text) }
    }

    /// `only` + a verb of use + a place states confinement, with the verb's object between them
    /// or not; an object with no place after it, or a place with no `only`, states nothing.
    func testConfinedUseWithTheVerbsObjectInBetween() {
        let stated = [
            "We only ever modify this from the owning actor.",
            "Only call it on the session queue.",
            "Callers only mutate them while holding the registry lock.",
            "Is only accessed from the parser.",
        ]
        for text in stated { XCTAssertTrue(ContractComments.documentsContract(text), text) }
        let silent = ["Only modify this carefully.", "We modify this from the actor.", "Only these from the cache are kept."]
        for text in silent { XCTAssertFalse(ContractComments.documentsContract(text), text) }
    }
}
