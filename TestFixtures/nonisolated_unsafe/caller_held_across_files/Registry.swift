import Foundation

nonisolated(unsafe) var registeredNames: Set<String> = []
nonisolated(unsafe) var registrationDepth = 0
nonisolated(unsafe) var lookups = 0 // expect: nonisolated_unsafe

// Called from another file, always with the registry's lock held.
func forgetEverything() {
    registeredNames = []
    registrationDepth = 0
}

// Called from another file with no lock held.
func countLookup() {
    lookups += 1
}
