// This file declares its own `sleep(_:)`: unqualified calls are that function, not the C one.
final class Simulation {
    private(set) var ticks = 0

    func sleep(_ seconds: Int) {
        ticks += seconds
    }

    func run() async {
        sleep(1)
        sleep(5)
        usleep(10) // expect: blocking_in_async
    }
}
