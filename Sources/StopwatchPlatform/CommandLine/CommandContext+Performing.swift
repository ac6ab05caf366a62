import StopwatchCore

extension CommandContext {
    /// Performs `action` on the stopwatch `name`, shown in `format` (nothing when nil); returns the
    /// view model, for what the exit status depends on. A command that may create says so when the
    /// name it creates is close to one there is.
    @discardableResult
    func perform(_ action: StopwatchAction, on name: StopwatchName, showing format: StatusView.Format?) throws
        -> StopwatchViewModel
    {
        let container = try container()
        let viewModel = ViewModelFactory(container: container).makeStopwatchViewModel(name)
        let colors = !container.presentation.terminal.noColor
        let view = format.map {
            StatusView(viewModel: viewModel, format: $0, output: container.presentation.output, colors: colors)
        }
        let closest = action.mayCreate ? FindCloseNameUseCase(store: container.data.store).execute(name) : nil
        try withExtendedLifetime(view) { try viewModel.handle(action) }
        if let closest {
            container.presentation.messages.writeMessage(MessageMapper.line(for: .createdNew(name, closest: closest)))
        }
        if action.touchesRunInProgress, let state = viewModel.viewState, state.away.isUndecided {
            container.presentation.messages.writeMessage(MessageMapper.line(for: .awayUndecided(state)))
        }
        AwayWatchSession.keepRunning(after: action, of: viewModel, in: container)
        if !WaitSession.keepHookWaiter(after: action, of: viewModel, in: container), let hook = viewModel.runningHook {
            container.presentation.messages.writeMessage(MessageMapper.line(for: .backgroundWaitFailed(name, hook)))
        }
        return viewModel
    }

    /// Performs `action` on the set of stopwatches, shown in `format` (nothing when nil).
    @discardableResult
    func perform(_ action: StopwatchListAction, showing format: StopwatchListView.Format?) throws
        -> StopwatchListViewModel
    {
        let container = try container()
        let viewModel = ViewModelFactory(container: container).makeStopwatchListViewModel()
        let presentation = container.presentation
        let view = format.map {
            StopwatchListView(
                viewModel: viewModel, format: $0, output: presentation.output, messages: presentation.messages,
                width: presentation.terminal.outputWidth,
                colors: !presentation.terminal.noColor
            )
        }
        try withExtendedLifetime(view) { try viewModel.handle(action) }
        WaitSession.restartGoneHookWaiters(of: viewModel.awaitingHooks, in: container)
        AwayWatchSession.keepRunning(for: viewModel, in: container)
        return viewModel
    }

    /// Runs `action` on a history view model, the runs it publishes shown as a table (as JSON
    /// with `json`), given the time now and the local zone for the moments a command was told.
    @discardableResult
    func performOnHistory<Outcome>(
        json: Bool, _ action: (HistoryViewModel, _ now: Duration, _ zone: any LocalTimeZone) throws -> Outcome
    ) throws -> Outcome {
        let container = try container()
        let viewModel = ViewModelFactory(container: container).makeHistoryViewModel()
        let presentation = container.presentation
        let view = HistoryView(
            viewModel: viewModel, format: json ? .json : .table, output: presentation.output,
            messages: presentation.messages)
        return try withExtendedLifetime(view) {
            try action(viewModel, container.services.timeSource.now().wall, container.services.timeZone)
        }
    }
}
