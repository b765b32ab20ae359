import Foundation

// only touched on the main thread
nonisolated(unsafe) var screenScale = 1.0

/* accessed only from the serial queue that owns the log */
nonisolated(unsafe) var backlog: [Int] = []

// Set once at startup, before any task runs.
#if os(Linux)
nonisolated(unsafe) var homeFolder = "/home"
#else
nonisolated(unsafe) var homeFolder = "/Users"
#endif

// the scale of the current screen
nonisolated(unsafe) var zoom = 1.0 // expect: nonisolated_unsafe

/*
 * Never changed after launch.
 */
nonisolated(unsafe) var launchArguments: [String] = []

// swift-format-ignore
nonisolated(unsafe) var frameCount = 0 // expect: nonisolated_unsafe

func update() {
    screenScale = 2
    backlog.append(1)
    homeFolder = "/tmp"
    zoom = 3
    launchArguments = CommandLine.arguments
    frameCount += 1
}
