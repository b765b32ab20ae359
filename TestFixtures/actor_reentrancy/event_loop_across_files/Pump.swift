import Foundation

actor Pump {
    private var level = 0
    private var alarms = 0

    func run(_ readings: AsyncStream<Int>) {
        Task {
            for await r in readings {
                await self.dispatch(r)
            }
        }
    }

    func raise() async {
        await alarm()
    }
}
