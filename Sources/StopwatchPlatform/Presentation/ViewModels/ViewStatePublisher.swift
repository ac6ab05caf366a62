import StopwatchCore

/// The half that every view model shares: the last published view state and the views observing it.
///
/// Publishes only a view state that differs from the last, so an observer never renders the same
/// thing twice in a row. The view state's `==` is passed in, not required of the type: a protocol
/// requirement on a generic class is checked at run time, when the class is first used, and that
/// lookup of a conformance cost every command as much as the rest of its start-up.
///
/// A view state is small (`StopwatchViewState` is two references to shared boxes), so the store
/// holds it as it is: a live view publishes one every 10 ms, and a box around it would cost an
/// allocation each time.
final class ViewStatePublisher<ViewState: Sendable>: Sendable {
    private let store = StateStore<ViewState?>(nil)
    private let isSame: @Sendable (ViewState, ViewState) -> Bool

    init(_ isSame: @escaping @Sendable (ViewState, ViewState) -> Bool) {
        self.isSame = isSame
    }

    var current: ViewState? { store.state }

    func publish(_ viewState: ViewState) {
        if let current = store.state, isSame(current, viewState) { return }
        store.update(viewState)
    }

    func addListener(_ listener: @escaping @Sendable (ViewState) -> Void) -> ListenerToken {
        store.addListener { viewState in
            if let viewState { listener(viewState) }
        }
    }

    func removeListener(_ token: ListenerToken) {
        store.removeListener(token)
    }
}
