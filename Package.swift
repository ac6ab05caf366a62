// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "stopwatch",
    products: [
        .executable(name: "stopwatch", targets: ["stopwatch"]),
        .library(name: "StopwatchCore", targets: ["StopwatchCore"]),
        .library(name: "StopwatchPlatform", targets: ["StopwatchPlatform"]),
        // The fakes of the ports, for another project's tests of the Core (Examples/CoreConsumer).
        .library(name: "StopwatchTestSupport", targets: ["StopwatchTestSupport"]),
    ],
    targets: [
        // Entities, use cases, the StateStore, the TimerService and the ports. Standard library,
        // Dispatch and Synchronization only.
        .target(name: "StopwatchCore"),
        // The adapters: command line, view models, mappers, views, the JSON file store, the system
        // time source and the dependency container.
        .target(name: "StopwatchPlatform", dependencies: ["StopwatchCore", "CLinuxDescriptors"]),
        // The C library's signalfd and timerfd declarations, which the Glibc module leaves out.
        .systemLibrary(name: "CLinuxDescriptors"),
        .executableTarget(name: "stopwatch", dependencies: ["StopwatchPlatform"]),
        // Fakes for the ports, shipped for tests the way swift-nio ships EmbeddedEventLoop: the
        // Core's, and the Platform's FileSystem that loses power.
        .target(name: "StopwatchTestSupport", dependencies: ["StopwatchCore", "StopwatchPlatform"]),
        .testTarget(name: "StopwatchCoreTests", dependencies: ["StopwatchCore", "StopwatchTestSupport"]),
        .testTarget(
            name: "StopwatchPlatformTests",
            dependencies: ["StopwatchPlatform", "StopwatchCore", "StopwatchTestSupport"],
            // State directories written by earlier versions, read through the test's source path.
            exclude: ["Fixtures"]
        ),
        .testTarget(name: "StopwatchEndToEndTests", dependencies: ["stopwatch"]),
        // The deterministic simulation: random sequences on the reference model.
        .testTarget(name: "StopwatchSimulationTests", dependencies: ["StopwatchTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
