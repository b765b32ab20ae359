import Foundation

func emit(_ line: String) {
    let text = Console.Output.prefix + String(line.prefix(Console.Output.width * Console.Output.columns))
    Console.Output.sink?(text)
    _ = Registry.Entry.hits
    _ = Registry.Flags.trace
}

func narrow() {
    Console.Output.width = 40
}
