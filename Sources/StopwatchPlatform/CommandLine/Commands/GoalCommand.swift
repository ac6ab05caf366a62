import StopwatchCore

/// `stopwatch goal [TIME] [COUNT pomodoros] [--week] [--clear]`: sets the goal for a day (or a
/// week), a time to book and/or pomodoros to complete; with nothing to set, shows how today and
/// this week stand against theirs (as `today`).
public struct GoalCommand: ToolCommand {
    static let commandName: CommandName = "goal"

    public var period: Goal.Period
    public var time: Duration?
    public var count: Int?
    public var clear: Bool

    public init(period: Goal.Period = .day, time: Duration? = nil, count: Int? = nil, clear: Bool = false) {
        self.period = period
        self.time = time
        self.count = count
        self.clear = clear
    }

    static var declaration: CommandSpec {
        CommandSpec(
            commandName, summary: "set a goal for the day or the week: a time, pomodoros, or both",
            usage: ["[TIME] [COUNT pomodoros] [--week]", "--clear [--week]"],
            discussion: [
                "Set today's goal, and every day's after it: TIME to book (6h, 7h30m) and/or COUNT pomodoros to complete (work phases of a cycle run their whole length, as report counts them). With --week, the goal of an ISO week, from Monday. What is not given is kept; --clear takes the goal away first. With nothing to set, show how today and this week stand, as 'stopwatch today'.",
                "The goals are kept in the state directory, each machine's changes in a file of its own (goals-MACHINE), so every machine sharing it reads them; a goal measures the day (the week) it is set and those after, never the days before it. 'stopwatch today', its templates and status bars, show how far today is; waybar's percentage is the share of the time goal done (else of the pomodoros).",
            ],
            arguments: [
                ArgumentSpec("TIME", .duration, optional: true, help: "the time to book in the day (or week)"),
                ArgumentSpec("COUNT", .count, optional: true, help: "followed by 'pomodoros': how many to complete"),
            ],
            options: [
                OptionSpec(.week, help: "the goal of the week (ISO, from Monday), not the day"),
                OptionSpec(.clear, help: "take the goal away (then set what is given)"),
            ],
            examples: [
                .init("stopwatch goal 6h", "six hours a day"),
                .init("stopwatch goal 8 pomodoros", "eight pomodoros a day"),
                .init("stopwatch goal 30h --week", "thirty hours a week"),
                .init("stopwatch goal --clear", "no goal for the day"),
            ]
        )
    }

    init(parsing arguments: inout ParsedArguments) throws(UsageError) {
        var words = arguments.positionals
        var time: (duration: Duration, typed: String)?
        var count: Int?
        while let word = words.first {
            words.removeFirst()
            if let number = Int(word), number >= 0 {
                guard let next = words.first, next == "pomodoros" || next == "pomodoro", number >= 1,
                    number <= Goal.maximumCount, count == nil
                else {
                    // `6 hours`, `90 min`: the unit a person wrote apart goes on the number.
                    let unit = words.first.flatMap { Self.unitWords[$0.lowercased()] }
                    var rest = arguments.positionals.filter { $0 != word }
                    if unit != nil, let index = rest.firstIndex(of: words[0]) { rest.remove(at: index) }
                    let form = arguments.form
                    throw arguments.error(
                        .notAGoal(
                            word,
                            hours: number >= 1 && number <= 24 * 7
                                ? form.with(positionals: [word + (unit ?? "h")] + rest) : nil,
                            pomodoros: unit == nil && number >= 1 && number <= Goal.maximumCount
                                ? form.with(positionals: rest + [word, "pomodoros"]) : nil
                        )
                    )
                }
                words.removeFirst()
                count = number
            } else if word.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }) {
                // A bare number is seconds to a duration, and never meant so here.
                throw arguments.error(
                    .notAGoal(
                        word,
                        hours: arguments.form.with(
                            positionals: arguments.positionals.map { $0 == word ? word + "h" : $0 }), pomodoros: nil))
            } else {
                guard time == nil else { throw arguments.error(.notAGoal(word, hours: nil, pomodoros: nil)) }
                do {
                    time = (try DurationSyntax.parse(word), word)
                } catch {
                    throw arguments.error(.invalidDuration(error))
                }
            }
        }
        let period: Goal.Period = arguments.flag(.week) ? .week : .day
        if let (duration, typed) = time, duration > Goal.maximumTime(period) {
            let week = period == .day && duration <= Goal.maximumTime(.week) ? arguments.form.setting(.week) : nil
            throw arguments.error(.goalTooLong(typed, period, week: week))
        }
        self.init(period: period, time: time?.duration, count: count, clear: arguments.flag(.clear))
    }

    /// Unit words a person may write apart from the number (`6 hours`), and the unit they stand for.
    private static let unitWords: [String: String] = [
        "h": "h", "hr": "h", "hrs": "h", "hour": "h", "hours": "h", "m": "m", "min": "m", "mins": "m",
        "minute": "m", "minutes": "m",
    ]

    public func run(in context: CommandContext) throws -> ExitCode {
        let container = try context.container()
        guard let goals = container.data.goals else { throw StoreFailure(.misconfigured, path: "", reason: .homeUnset) }
        if clear || time != nil || count != nil {
            try SetGoalUseCase(goals: goals).execute(period, time: time, count: count, clear: clear)
        }
        return try TodayCommand(format: .line).run(in: context)
    }
}
