import StopwatchCore

/// The half that every view model shares: the last published view state and the views observing it.
///
/// Publishes only a view state that differs from the last, so an observer never renders the same
/// thing twice in a row. The view state's `==` is passed in, not required of the type: a protocol
/// requirement on a generic class is checked at run time, when the class is first used, and that
/// lookup of a conformance cost every command as much as the rest of its start-up.
///
/// The view state is kept in a box: a live view publishes one every 10 ms, and a view state is a
/// large struct, which the store's lock would otherwise copy in and out each time.
final class ViewStatePublisher<ViewState: Sendable>: Sendable {
    private final class Box: Sendable {
        let viewState: ViewState

        init(_ viewState: ViewState) {
            self.viewState = viewState
        }
    }

    private let store = StateStore<Box?>(nil)
    private let isSame: @Sendable (ViewState, ViewState) -> Bool

    init(_ isSame: @escaping @Sendable (ViewState, ViewState) -> Bool) {
        self.isSame = isSame
    }

    var current: ViewState? { store.state?.viewState }

    func publish(_ viewState: ViewState) {
        if let current = store.state, isSame(current.viewState, viewState) { return }
        store.update(Box(viewState))
    }

    func addListener(_ listener: @escaping @Sendable (ViewState) -> Void) -> ListenerToken {
        store.addListener { box in
            if let box { listener(box.viewState) }
        }
    }

    func removeListener(_ token: ListenerToken) {
        store.removeListener(token)
    }
}
