import StopwatchPlatform
import Testing

extension StateDirectoryLocator {
    static func path(in environment: [String: String]) throws -> String {
        try path { environment[$0] }
    }
}

@Suite struct StateDirectoryLocatorTests {
    @Test func stopwatchHomeComesFirst() throws {
        let path = try StateDirectoryLocator.path(in: ["STOPWATCH_HOME": "/s", "XDG_STATE_HOME": "/x", "HOME": "/h"])
        #expect(path == "/s")
    }

    @Test func thenTheXDGStateDirectory() throws {
        #expect(try StateDirectoryLocator.path(in: ["XDG_STATE_HOME": "/x", "HOME": "/h"]) == "/x/stopwatch")
    }

    @Test func thenHome() throws {
        #expect(try StateDirectoryLocator.path(in: ["HOME": "/h"]) == "/h/.local/state/stopwatch")
    }

    @Test func emptyAndRelativeValuesAreIgnored() throws {
        let path = try StateDirectoryLocator.path(in: ["STOPWATCH_HOME": "", "XDG_STATE_HOME": "rel", "HOME": "/h"])
        #expect(path == "/h/.local/state/stopwatch")
    }

    @Test func nothingSetIsAnError() {
        #expect(throws: StoreFailure.self) { try StateDirectoryLocator.path(in: [:]) }
    }
}
