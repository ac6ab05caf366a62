import StopwatchTestSupport
import Testing

@testable import StopwatchCore

@Suite struct StopwatchListingTests {
    let clock = ManualTimeSource()

    /// A name two machines use is listed twice; the names a message offers are each once.
    @Test func namesWhereAConditionHoldsAreEachOnceInOrder() throws {
        let tea = StopwatchState.countdown(StopwatchName("tea")!, duration: .seconds(60), startedAt: clock.now())
        var theirs = tea
        theirs.runsOn = "desktop"
        let work = try StopwatchState.initial(StopwatchName("work")!).started(at: clock.now())
        let listing = StopwatchListing(stopwatches: [tea, theirs, work])
        #expect(listing.names { $0.countdown != nil } == [StopwatchName("tea")!])
        #expect(listing.names { _ in true } == [StopwatchName("tea")!, StopwatchName("work")!])
        #expect(listing.names { $0.runsOn != nil } == [StopwatchName("tea")!])
    }
}
