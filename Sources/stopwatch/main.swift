import Glibc
import StopwatchPlatform

exit(CommandRunner.live().run(Array(CommandLine.arguments.dropFirst())).rawValue)
