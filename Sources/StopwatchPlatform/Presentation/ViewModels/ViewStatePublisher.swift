import StopwatchCore

/// The half that every view model shares: the last published view state and the views observing it.
///
/// Publishes only a view state that differs from the last, so an observer never renders the same
/// thing twice in a row.
final class ViewStatePublisher<ViewState: Sendable & Equatable>: Sendable {
    private let store = StateStore<ViewState?>(nil)

    var current: ViewState? { store.state }

    func publish(_ viewState: ViewState) {
        if viewState != store.state { store.update(viewState) }
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
