import LockLintCLI

CLI.exit(with: await CLI.run(Array(CommandLine.arguments.dropFirst())))
