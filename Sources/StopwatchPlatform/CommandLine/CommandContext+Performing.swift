import StopwatchCore

extension CommandContext {
    /// Performs `action` on the stopwatch `name`, shown in `format` (nothing when nil); returns the
    /// view model, for what the exit status depends on. A command that may create says so when the
    /// name it creates is close to one there is.
    @discardableResult
    func perform(_ action: StopwatchAction, on name: StopwatchName, showing format: StatusView.Format?) throws -> StopwatchViewModel {
        let container = try container()
        let viewModel = ViewModelFactory(container: container).makeStopwatchViewModel(name)
        let colors = !container.presentation.terminal.noColor
        let view = format.map { StatusView(viewModel: viewModel, format: $0, output: container.presentation.output, colors: colors) }
        let closest = action.mayCreate ? FindCloseNameUseCase(store: container.data.store).execute(name) : nil
        try withExtendedLifetime(view) { try viewModel.handle(action) }
        if let closest { container.presentation.messages.writeMessage(MessageMapper.line(for: .createdNew(name, closest: closest))) }
        if action.setsRunGoing { keepHookWaiter(for: viewModel) }
        return viewModel
    }

    /// A run with a hook that this command set going gets a background waiter for it, which ends
    /// when the run stops running: so a countdown resumed, or a cycle started or moved on, has its
    /// hook run at zero and at each edge, and the edges passed while none ran are caught up at
    /// once (the claim is exclusive, so two waiters never run one twice).
    func keepHookWaiter(for viewModel: StopwatchViewModel) {
        guard let hook = viewModel.runningHook, let container = try? container() else { return }
        if !WaitSession.startHookWaiter(for: viewModel.name) {
            container.presentation.messages.writeMessage(MessageMapper.line(for: .backgroundWaitFailed(viewModel.name, hook)))
        }
    }

    /// Performs `action` on the set of stopwatches, shown in `format` (nothing when nil).
    @discardableResult
    func perform(_ action: StopwatchListAction, showing format: StopwatchListView.Format?) throws -> StopwatchListViewModel {
        let container = try container()
        let viewModel = ViewModelFactory(container: container).makeStopwatchListViewModel()
        let presentation = container.presentation
        let view = format.map {
            StopwatchListView(
                viewModel: viewModel, format: $0, output: presentation.output, messages: presentation.messages, width: presentation.terminal.outputWidth,
                colors: !presentation.terminal.noColor
            )
        }
        try withExtendedLifetime(view) { try viewModel.handle(action) }
        return viewModel
    }
}
