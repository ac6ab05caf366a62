import Foundation
import StopwatchCore
import StopwatchTestSupport
import Testing

@testable import StopwatchPlatform

/// Another machine's stopwatches, as a shared state directory holds them: read by this machine's
/// clocks (five hours off), its run in progress is listed but counted in no total, and a change
/// made here to this machine's stopwatch of the same name is undone here.
@Suite struct OtherMachinesRunsTests {
    let zone = ManualTimeZone(offset: .seconds(3600))
    let directory = TemporaryDirectory()

    func pair() -> (laptop: SeveralMachinesTests.Machine, desktop: SeveralMachinesTests.Machine) {
        let laptop = SeveralMachinesTests.Machine(
            name: "laptop", home: directory.file("shared"), clockOffset: .zero, seed: 1, zone: zone)
        let desktop = SeveralMachinesTests.Machine(
            name: "desktop", home: directory.file("shared"), clockOffset: .seconds(-5 * 3600), seed: 2, zone: zone)
        return (laptop, desktop)
    }

    /// Desktop's `work`, started in a directory of its own before laptop's `work` reached it, then
    /// carried to `laptop`'s: two stopwatches of the name, one each.
    func desktopsWorkCarried(to laptop: SeveralMachinesTests.Machine) throws {
        let elsewhere = SeveralMachinesTests.Machine(
            name: "desktop", home: directory.file("apart"), clockOffset: .zero, seed: 3, zone: zone)
        #expect(elsewhere.run(["start", "work"]).status == .success)
        let files = FileManager.default
        for name in try files.contentsOfDirectory(atPath: directory.file("apart")) where name.hasPrefix("work@") {
            try files.copyItem(atPath: directory.file("apart") + "/" + name, toPath: laptop.home + "/" + name)
        }
    }

    func total(_ output: String, _ path: [String]) -> Int? {
        var value = try? JSONSerialization.jsonObject(with: Data(output.utf8))
        for key in path { value = (value as? [String: Any])?[key] }
        return value as? Int
    }

    @Test func anotherMachinesRunInProgressIsListedButCountedInNoTotal() {
        let (laptop, desktop) = pair()
        #expect(desktop.run(["start", "tea"]).status == .success)
        laptop.clock.advance(by: .seconds(60))
        #expect(total(laptop.run(["report", "--json"]).output, ["total", "elapsedMilliseconds"]) == 0)
        #expect(total(laptop.run(["today", "--json"]).output, ["today", "elapsedMilliseconds"]) == 0)
        #expect(laptop.run(["history"]).output.contains("tea @desktop"), "still listed, as current")
    }

    @Test func undoingAResetHereIsNotStoppedByAnotherMachinesStopwatchOfTheName() throws {
        let laptop = pair().laptop
        #expect(laptop.run(["restart", "work"]).status == .success)
        try desktopsWorkCarried(to: laptop)
        #expect(laptop.run(["reset", "work"]).status == .success)
        let undo = laptop.run(["undo"])
        #expect(undo.status == .success, "\(undo.messages)")
        let list = laptop.run(["list"]).output
        #expect(list.contains("work           running") && list.contains("work @desktop"), "\(list)")
    }

    /// This machine's reset one stands aside for desktop's, but `undo` still reads it: gone since
    /// (a sync carried another machine's `delete` here), the reset is not undone over nothing.
    @Test func undoingAResetHereSeesWhatBecameOfTheStopwatchStandingAside() throws {
        let laptop = pair().laptop
        #expect(laptop.run(["restart", "work"]).status == .success)
        try desktopsWorkCarried(to: laptop)
        #expect(laptop.run(["reset", "work"]).status == .success)
        try FileManager.default.removeItem(atPath: laptop.home + "/work@" + MachineID(naming: "laptop").hex + ".jsonl")
        let undo = laptop.run(["undo"])
        #expect(undo.status == .notApplicable, "\(undo.messages)")
        #expect(undo.messages.contains("changed since"), "\(undo.messages)")
        #expect(!laptop.run(["list"]).output.contains("work           running"))
    }

    /// Desktop deleted its `focus`, which had laps; its history line reached the laptop before the
    /// journal it kept the laps in (a sync carries files in any order): `undo` there says so and
    /// changes nothing, where it failed as damaged data (exit 65), and works once the file is there.
    @Test func undoingADeleteWhoseLapsHaveNotArrivedSaysSoAndChangesNothing() throws {
        let laptop = pair().laptop
        let desktop = SeveralMachinesTests.Machine(
            name: "desktop", home: directory.file("apart"), clockOffset: .zero, seed: 3, zone: zone)
        #expect(desktop.run(["start", "focus"]).status == .success)
        #expect(desktop.run(["lap", "focus"]).status == .success)
        #expect(desktop.run(["delete", "focus"]).status == .success)
        let files = FileManager.default
        let history = directory.file("apart") + "/history"
        try files.createDirectory(atPath: laptop.home + "/history", withIntermediateDirectories: true)
        let kept = try files.contentsOfDirectory(atPath: history).filter { $0.hasPrefix("focus@") }
        #expect(kept.count == 1, "the laps kept beside history: \(kept)")
        for name in try files.contentsOfDirectory(atPath: history) where name.hasPrefix("events-") {
            try files.copyItem(atPath: history + "/" + name, toPath: laptop.home + "/history/" + name)
        }
        let early = laptop.run(["undo"])
        #expect(early.status == .notApplicable, "\(early.messages)")
        #expect(
            early.messages
                == "stopwatch: the laps of 'focus' kept with that change have not reached this machine yet (the sync carries them): nothing was changed; run it again once they have\n"
        )
        #expect(!laptop.run(["list"]).output.contains("focus"), "nothing put back")
        for name in kept { try files.copyItem(atPath: history + "/" + name, toPath: laptop.home + "/history/" + name) }
        let undo = laptop.run(["undo"])
        #expect(undo.status == .success, "\(undo.messages)")
        #expect(laptop.run(["list"]).output.contains("focus @desktop"), "put back as desktop's, its lap with it")
    }

    /// Desktop deleted its `focus`; the laptop, with a `focus` of its own running, undid that and
    /// redid it: the redo took the laptop's own `focus` off (a removal by name alone), where it
    /// takes off desktop's, the one the change was to. Found by the simulation on 1,000 seeds.
    @Test func redoingAnotherMachinesDeleteTakesOffThatMachinesStopwatchNotThisOnes() {
        let (laptop, desktop) = pair()
        #expect(desktop.run(["start", "focus"]).status == .success)
        #expect(desktop.run(["delete", "focus"]).status == .success)
        #expect(laptop.run(["start", "focus"]).status == .success)
        #expect(laptop.run(["undo"]).status == .success)
        #expect(laptop.run(["list"]).output.contains("focus @desktop"), "desktop's put back beside the laptop's")
        #expect(laptop.run(["redo"]).status == .success)
        let list = laptop.run(["list"]).output
        #expect(!list.contains("focus @desktop") && list.contains("focus"), "\(list)")
        let lap = laptop.run(["lap", "focus"])
        #expect(lap.status == .success, "the laptop's own runs on: \(lap.messages)")
    }

    @Test func anotherMachinesRunInProgressIsRenamedThereAndItsResetNameIsFreeHere() {
        let (laptop, desktop) = pair()
        #expect(desktop.run(["start", "tea"]).status == .success)
        let rename = laptop.run(["edit", "tea", "--name", "work"])
        #expect(rename.status == .notApplicable)
        #expect(
            rename.messages == "stopwatch: 'tea' holds that run on desktop: it is renamed once it has ended there\n",
            "no command offered that would fail pasted here")
        #expect(
            laptop.run(["restart", "work"]).status == .success && laptop.run(["reset", "work"]).status == .success)
        #expect(
            desktop.run(["cycle", "work", "work=1m", "break=1m"]).status == .success, "laptop's reset one holds no name"
        )
    }

    /// With a `work` of its own, `delete work` is this machine's: the hint names `NAME@desktop`,
    /// which deletes desktop's alone, and undo puts it back as desktop's.
    @Test func anotherMachinesStopwatchIsDeletedByNameAtMachineAndTheHintSaysSo() throws {
        let (laptop, desktop) = pair()
        #expect(desktop.run(["start", "tea"]).status == .success)
        let refused = laptop.run(["pause", "tea"])
        #expect(
            refused.messages
                == "stopwatch: 'tea' runs on desktop (a state directory shared with it): change it there; "
                + "'stopwatch delete tea@desktop' takes it off every machine, its run kept\n")
        #expect(laptop.run(["restart", "work"]).status == .success)
        try desktopsWorkCarried(to: laptop)
        #expect(laptop.run(["delete", "work@desktop"]).status == .success)
        let list = laptop.run(["list"]).output
        #expect(list.contains("work          running") && !list.contains("work @desktop"), "\(list)")
        #expect(laptop.run(["delete", "work@nowhere"]).status == .noInput)
        #expect(laptop.run(["undo"]).status == .success)
        #expect(laptop.run(["list"]).output.contains("work @desktop"), "put back as desktop's")
    }
}
