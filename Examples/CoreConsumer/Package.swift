// swift-tools-version:6.0
// A package that depends on stopwatch's Core by version, as another project would: `.ci/run`
// (scripts/check-consumer.sh) points it at a tagged clone and runs its test, written only against
// the public API of StopwatchCore and the fakes of StopwatchTestSupport.
import PackageDescription

let package = Package(
    name: "CoreConsumer",
    dependencies: [
        .package(url: "STOPWATCH_REPOSITORY", exact: "STOPWATCH_VERSION")
    ],
    targets: [
        .testTarget(
            name: "CoreConsumerTests",
            dependencies: [
                .product(name: "StopwatchCore", package: "stopwatch"),
                .product(name: "StopwatchTestSupport", package: "stopwatch"),
            ]
        )
    ],
    swiftLanguageModes: [.v6]
)
