import Foundation
import Testing

/// The live views in a real terminal that is resized: tmux, which cuts a line wider than its new
/// width where other terminals rewrap it.
@Suite struct ResizeTests {
    let stopwatch = StopwatchBinary()

    /// The lines `tmux` shows in its pane, blank ones left out.
    func screen(_ tmux: TmuxSession) -> [Substring] {
        tmux.control("capture-pane", "-p").split(separator: "\n")
    }

    @Test(arguments: [["watch", "--all"], ["watch", "tea"]])
    func theKeyLineSurvivesANarrowerWindowAndAWiderOneAgain(_ command: [String]) throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux") else {
            print("note: tmux is not installed; skipped (.ci/run installs it)")
            return
        }
        try stopwatch.run("start", "build")
        try stopwatch.run("timer", "10m", "tea")
        let tmux = try TmuxSession(
            root: stopwatch.root, environment: stopwatch.environment, configuration: "/dev/null",
            command: "exec '\(StopwatchBinary.path)' " + command.joined(separator: " "), columns: 80)
        defer { tmux.stop() }
        let screen = { self.screen(tmux) }
        let keys = "q: quit"
        #expect(waitUntil { screen().contains { $0.hasPrefix("tea") && $0.contains("%") } }, "\(screen())")
        #expect(screen().first?.contains(keys) == true, "\(screen())")
        tmux.control("resize-window", "-x", "40")
        #expect(
            waitUntil { screen().allSatisfy { $0.count <= 40 } && !screen().contains { $0.contains("%") } },
            "\(screen())")
        #expect(screen().first?.contains(keys) == true, "the key line stays, narrowed: \(screen())")
        tmux.control("resize-window", "-x", "80")
        #expect(waitUntil { screen().contains { $0.contains("%") } }, "\(screen())")
        let shown = screen()
        #expect(shown.first?.contains(keys) == true, "the key line is back: \(shown)")
        #expect(shown.filter { $0.contains("tea") }.count == 1, "one tea, no stale piece: \(shown)")
    }
}
