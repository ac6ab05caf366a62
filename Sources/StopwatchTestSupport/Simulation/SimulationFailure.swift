import Foundation
import StopwatchCore
import StopwatchPlatform

/// What a simulation found wrong, at which step.
public struct SimulationFailure: Error, Sendable, CustomStringConvertible {
    /// The step, from 1.
    public var step: Int
    public var message: String

    public init(step: Int, message: String) {
        self.step = step
        self.message = message
    }

    public var description: String { "step \(step): \(message)" }
}
