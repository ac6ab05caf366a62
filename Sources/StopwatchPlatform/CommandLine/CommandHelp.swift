/// The text of `--help` for the tool and for each command.
public enum CommandHelp {
    public static let version = "0.2.0"

    public static func text(for command: CommandName?) -> String {
        guard let command else { return overview }
        switch command {
        case .start:
            return simple("start", "Start a stopwatch that was never started, or was reset.")
        case .pause:
            return simple("pause", "Pause a running stopwatch, keeping its time.")
        case .resume:
            return simple("resume", "Resume a paused stopwatch.")
        case .reset:
            return simple("reset", "Put a running or paused stopwatch back to 00:00.00 and clear its laps.")
        case .lap:
            return """
                Usage: stopwatch lap [NAME] [--label TEXT]

                Record a lap on a running stopwatch and print it: its number, its time, the total
                at the split and the label.

                Arguments:
                  NAME            the stopwatch (default: default)

                Options:
                  --label TEXT    a label for the lap (up to 256 characters, no control characters)
                  -h, --help      show this help

                """
        case .status:
            return """
                Usage: stopwatch status [NAME] [--json | --format human|ms|s|json]

                Show a stopwatch's status and elapsed time, or a countdown's remaining time
                ('expired' and how long ago once it reached zero). A name never created shows as
                initial 00:00.00. 'stopwatch' alone is 'stopwatch status default'.

                Arguments:
                  NAME            the stopwatch (default: default)

                Options:
                  --format human  'NAME: STATUS TIME, N laps' (the default)
                  --format ms     elapsed whole milliseconds alone, for t=$(stopwatch status --format ms);
                                  for a countdown, the remaining ones (0 once expired)
                  --format s      the same in seconds with three decimals
                  --json          one JSON object (the same as --format json)
                  -h, --help      show this help

                """
        case .laps:
            return """
                Usage: stopwatch laps [NAME] [--json | --csv]

                List every lap with its number, lap time, total at the split and label, the best
                and worst marked once there are two or more, then count, min, max, mean and median.

                Arguments:
                  NAME            the stopwatch (default: default)

                Options:
                  --csv           CSV with a header: number,lap_ms,total_ms,label,best,worst,recorded_at
                  --json          one JSON object with the laps and their statistics
                  -h, --help      show this help

                """
        case .list:
            return """
                Usage: stopwatch list [--json]

                List every stopwatch with its status, time and lap count.

                Options:
                  --json          one JSON object: {"stopwatches": [...]}
                  -h, --help      show this help

                """
        case .delete:
            return """
                Usage: stopwatch delete NAME

                Delete a stopwatch and its laps. Exits 66 if there is no such stopwatch.

                Arguments:
                  NAME            the stopwatch to delete (required)

                Options:
                  -h, --help      show this help

                """
        case .watch:
            return """
                Usage: stopwatch watch [NAME]

                Show a stopwatch live until you quit. On a terminal one line is redrawn in place
                and each lap is printed above it (best so far in green, worst in red, unless
                NO_COLOR is set or TERM=dumb). Changes made from other shells show at once.

                Keys:  space  start, pause or resume     l  lap     r  reset     q  quit

                With standard input not a terminal, each input line is a command: start, pause,
                resume, toggle, lap [LABEL], reset, quit; end of input quits. With standard output
                not a terminal, each event (a status change, a lap, the end) is one plain line.

                On a countdown the line shows the time left and a progress bar; the bell rings
                once at zero and the view ends with 0. Quitting before then exits 1.

                Exits 0 on q or end of input, 130 on Ctrl-C, 143 on SIGTERM, 129 on SIGHUP.

                Arguments:
                  NAME            the stopwatch or countdown (default: default)

                Options:
                  -h, --help      show this help

                """
        case .timer:
            return """
                Usage: stopwatch timer DURATION [NAME] [--force] [--watch]
                       stopwatch timer --until HH:MM[:SS] [NAME] [--force] [--watch]

                Create a countdown and start it. pause, resume, reset (back to the full duration),
                status, lap, list, delete, watch and wait work on it. It counts on the same clocks
                as a stopwatch: right through suspend and wall-clock changes.

                Durations: 90 (seconds), 90s, 1m30s, 1h2m3.5s, 250ms, 1.5h, 2d3h, 1:30 (M:SS),
                01:02:03 (H:MM:SS); units d, h, m, s, ms, us, largest first; above zero and at
                most 100 years.

                Arguments:
                  DURATION        how long it runs
                  NAME            the countdown (default: timer)

                Options:
                  --until HH:MM[:SS]  run until the next time local clocks show this (24-hour);
                                  the instant is fixed when the countdown is created
                  --force         replace a stopwatch or countdown of that name (else exit 1)
                  --watch         then show it live, as 'watch' does: exits 0 at zero, 1 if you
                                  quit before, 130 on Ctrl-C
                  -h, --help      show this help

                """
        case .wait:
            return """
                Usage: stopwatch wait [NAME]

                Block until a countdown expires, then exit 0 (at once if it already has). It
                follows pause, resume and reset from other shells, and wakes within milliseconds
                of the expiry without polling. Prints nothing.

                Exits 1 if NAME is a stopwatch or is deleted meanwhile, 66 if there is no such
                countdown, 130 on Ctrl-C, 143 on SIGTERM, 129 on SIGHUP.

                Example: stopwatch timer 25m tea && stopwatch wait tea && notify-send tea

                Arguments:
                  NAME            the countdown (default: timer)

                Options:
                  -h, --help      show this help

                """
        case .run:
            return """
                Usage: stopwatch run [NAME] [--label TEXT] [--format human|ms|s|json | --quiet] -- COMMAND [ARG...]

                Run COMMAND with the same standard input, output and error, time it on the
                monotonic (boot) clock, and print how long it took to standard error when it ends.
                With NAME, the run is also recorded in that stopwatch: started first if it is
                initial (a running one goes on; a paused one is refused), then a lap labelled TEXT
                (default: the command line) when COMMAND ends.

                Exits with COMMAND's status, 128+N if a signal N killed it, 127 if it was not
                found, 126 if it could not be run. SIGINT, SIGTERM, SIGHUP and SIGQUIT sent to
                stopwatch are passed on to COMMAND (Ctrl-C reaches both already); the time is
                still printed.

                Arguments:
                  NAME            a stopwatch to record the run in (optional)
                  COMMAND         the command and its arguments, after '--'

                Options:
                  --label TEXT    the lap's label (needs NAME)
                  --format human  'COMMAND took 1:02.34' (the default)
                  --format ms     whole milliseconds alone
                  --format s      seconds with three decimals alone
                  --format json   one JSON object: command, elapsed, exitStatus, signal
                  --quiet         print nothing
                  -h, --help      show this help

                """
        case .stamp:
            return """
                Usage: stopwatch stamp [--since start|previous] [--format human|ms|s|us] [--summary]

                Copy standard input to standard output, each line prefixed with the time since
                the first line arrived (--since start, the default) or since the previous line
                (--since previous), on the monotonic clock, exact to the microsecond. Lines are
                passed through byte for byte: long lines, a last line without a newline, NUL and
                invalid UTF-8 included. A line is written as soon as it arrives; a fast stream
                is written in large blocks. A closed standard output ends it quietly with 0.

                Options:
                  --since start     time since the first line (default)
                  --since previous  time since the line before
                  --format human    '01:02.345678 ' (H:MM:SS.ffffff from an hour on; default)
                  --format ms       whole milliseconds
                  --format s        seconds with six decimals
                  --format us       whole microseconds
                  --summary         at the end, print to standard error the line count, the
                                    total time and the min, max, mean and median time between
                                    lines
                  -h, --help        show this help

                """
        case .help:
            return """
                Usage: stopwatch help [COMMAND]

                Show help for the tool or for one command.

                """
        }
    }

    private static func simple(_ command: String, _ summary: String) -> String {
        """
        Usage: stopwatch \(command) [NAME]

        \(summary)

        Arguments:
          NAME            the stopwatch (default: default)

        Options:
          -h, --help      show this help

        """
    }

    private static let overview = """
        Usage: stopwatch [COMMAND] [NAME] [OPTIONS]

        A stopwatch and countdown timer for the shell. State is kept between invocations, so
        each command is one process; named stopwatches and countdowns run side by side.
        'stopwatch' alone shows the default stopwatch.

        Commands:
          start [NAME]            start a stopwatch
          pause [NAME]            pause a running stopwatch
          resume [NAME]           resume a paused stopwatch
          lap [NAME]              record a lap (--label TEXT)
          reset [NAME]            back to 00:00.00, laps cleared
          status [NAME]           show status and time (--json, --format human|ms|s|json)
          laps [NAME]             list laps with statistics (--json, --csv)
          list                    list every stopwatch (--json)
          delete NAME             delete a stopwatch
          watch [NAME]            show a stopwatch live; keys: space, l, r, q
          timer DURATION [NAME]   create and start a countdown (--until HH:MM, --force, --watch)
          wait [NAME]             block until a countdown expires
          run [NAME] -- COMMAND   time a command (and record it as a lap in NAME)
          stamp                   prefix each line of standard input with its time
          help [COMMAND]          show help for a command

        NAME defaults to 'default' ('timer' for timer and wait): 1 to 64 letters, digits, '.', '_'
        or '-', not starting with '.'.

        Options:
          -h, --help              show help (after a command: that command's help)
          -V, --version           show the version

        Exit codes:
          0 ok, 1 the command does not apply now (e.g. pause while paused; timer on a name in
          use; a countdown's watch quit before zero; wait on a deleted countdown), 64 usage
          error, 65 a state file is unreadable or invalid, 66 no such stopwatch, 70 internal
          error, 73 the state directory cannot be created or is unsafe, 74 input/output error;
          watch and wait: 130 on Ctrl-C, 143 on SIGTERM, 129 on SIGHUP;
          run: the command's status, 128+N if signal N killed it, 127 not found, 126 cannot run

        State directory: $STOPWATCH_HOME, else $XDG_STATE_HOME/stopwatch, else
        ~/.local/state/stopwatch.

        """
}
