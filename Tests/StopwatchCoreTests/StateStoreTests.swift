import StopwatchCore
import StopwatchTestSupport
import Testing

@Suite struct StateStoreTests {
    @Test func everyListenerHearsEveryUpdateInOrder() {
        let store = StateStore(0)
        let first = Recorder<Int>()
        let second = Recorder<Int>()
        store.addListener(first.record)
        store.addListener(second.record)
        store.update(1)
        store.update(1)
        store.update(2)
        #expect(first.values == [1, 1, 2])
        #expect(second.values == [1, 1, 2])
        #expect(store.state == 2)
    }

    @Test func aNewListenerIsNotCalledWithTheCurrentState() {
        let store = StateStore("initial")
        let recorder = Recorder<String>()
        store.addListener(recorder.record)
        #expect(recorder.values.isEmpty)
    }

    @Test func aRemovedListenerHearsNothingMore() {
        let store = StateStore(0)
        let recorder = Recorder<Int>()
        let token = store.addListener(recorder.record)
        store.update(1)
        store.removeListener(token)
        store.update(2)
        #expect(recorder.values == [1])
    }

    @Test func aListenerMayUpdateTheStoreItListensTo() {
        let store = StateStore(0)
        let recorder = Recorder<Int>()
        store.addListener { value in
            recorder.record(value)
            if value < 3 { store.update(value + 1) }
        }
        store.update(1)
        #expect(recorder.values == [1, 2, 3])
        #expect(store.state == 3)
    }
}
