import Foundation

// One contract written once above an #if that declares the variable per platform.
/// Set by the host app at launch. Must not be changed once logging has started.
#if os(Linux)
nonisolated(unsafe) var logDestination = "/var/log/app.log"
#else
nonisolated(unsafe) var logDestination = "~/Library/Logs/app.log"
#endif

// No contract: reported where it is written.
nonisolated(unsafe) var logVerbosity = 0 // expect: nonisolated_unsafe

func enableVerboseLogging() { logVerbosity = 2 }
