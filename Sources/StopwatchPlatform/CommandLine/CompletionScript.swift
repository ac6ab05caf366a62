import StopwatchCore

/// The shell completion scripts, made from `CommandCatalog`: commands, each command's options, the
/// values an option accepts, and its arguments by kind, the names of stopwatches among them, which
/// come from `stopwatch list --names` (a listing that reads no state file), of countdowns, from
/// `stopwatch list --names --countdowns`, the names history holds from `history --format names`,
/// and a run's id from `history --since -30d --format ids` (with its name, start and time as its
/// description in zsh and fish).
public enum CompletionScript {
    public enum Shell: String, DeclaredChoice {
        case bash, zsh, fish

        public var help: String {
            switch self {
            case .bash: "for bash, in share/bash-completion/completions/stopwatch"
            case .zsh: "for zsh, in share/zsh/site-functions/_stopwatch"
            case .fish: "for fish, in share/fish/vendor_completions.d/stopwatch.fish"
            }
        }
    }

    public static func text(for shell: Shell) -> String {
        switch shell {
        case .bash: bash
        case .zsh: zsh
        case .fish: fish
        }
    }

    private static var header: String {
        "stopwatch \(CommandCatalog.version), made by 'stopwatch completions"
    }

    // MARK: bash

    /// A function for `complete -F`: the word's position among the command's arguments, skipping
    /// options and their values, picks what is offered. It needs only bash itself.
    private static var bash: String {
        var lines = [
            "# bash completion for \(header) bash'",
            "_stopwatch() {",
            "    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}",
            // `--format=<Tab>`: bash splits at '=' (COMP_WORDBREAKS), or hands the word whole.
            "    if [[ $prev == = ]]; then prev=${COMP_WORDS[COMP_CWORD-2]}; elif [[ $cur == --*=* ]]; then prev=${cur%%=*}; cur=${cur#*=}; fi",
            "    if ((COMP_CWORD == 1)); then",
            "        COMPREPLY=($(compgen -W '\(commandNames.joined(separator: " ")) --help --version --format' -- \"$cur\"))",
            "        return",
            "    fi",
            "    local command=${COMP_WORDS[1]} values='' options='' kinds='' i positional=0",
            // `stopwatch --format waybar`: `list --format`.
            "    [[ $command == --format* ]] && command=list",
            "    case $command in",
        ]
        for spec in CommandCatalog.commands {
            let values = spec.options.filter { $0.value != nil }.flatMap { [$0.long] + ($0.short.map { [$0] } ?? []) }
            let options = spec.options.flatMap { [$0.long] + ($0.short.map { [$0] } ?? []) } + ["--help"]
            let kinds = completedArguments(spec).map { kindName($0.kind) + ($0.isRepeating ? "..." : "") }
            lines.append(
                "        \(spec.name.rawValue)) values='\(values.joined(separator: " "))' options='\(options.joined(separator: " "))' kinds='\(kinds.joined(separator: " "))' ;;"
            )
        }
        lines += [
            "    esac",
            "    case \"$command $prev\" in",
        ]
        for spec in CommandCatalog.commands {
            for option in spec.options {
                guard let value = option.value else { continue }
                let spellings = ([option.long] + (option.short.map { [$0] } ?? [])).map {
                    "\"\(spec.name.rawValue) \($0)\""
                }
                lines.append("        \(spellings.joined(separator: "|"))) \(bashReply(value.kind)); return ;;")
            }
        }
        lines += [
            "    esac",
            "    [[ $cur == = ]] && cur=''",
            "    if [[ $cur == -* ]]; then",
            "        COMPREPLY=($(compgen -W \"$options\" -- \"$cur\"))",
            "        return",
            "    fi",
            "    for ((i = 2; i < COMP_CWORD; i++)); do",
            "        case ${COMP_WORDS[i]} in",
            "            --) ;;",
            "            -*=*) ;;",
            "            -*) [[ \" $values \" == *\" ${COMP_WORDS[i]} \"* ]] && ((i++)) ;;",
            "            *) ((positional++)) ;;",
            "        esac",
            "    done",
            // `timer --until 17:30 NAME`, `timer NAME --add 1m`: no duration, the name comes first.
            "    [[ $command == timer && \" ${COMP_WORDS[*]} \" == *\" --until\"* || $command == timer && \" ${COMP_WORDS[*]} \" == *\" --add\"* ]] && kinds=${kinds#* }",
            "    local -a kind=($kinds)",
            "    ((${#kind[@]})) || return",
            "    local this=${kind[positional]:-${kind[${#kind[@]}-1]}}",
            "    [[ -z ${kind[positional]} && $this != *... ]] && return",
            "    case ${this%...} in",
            "        name) \(bashReply(.stopwatchName)) ;;",
            "        countdown) \(bashReply(.countdownName)) ;;",
            "        recorded) \(bashReply(.recordedName)) ;;",
            "        run) \(bashReply(.runReference)) ;;",
            "        command) \(bashReply(.command)) ;;",
            "        toolCommand) \(bashReply(.toolCommand)) ;;",
            "        choices=*) local words=${this#choices=}; COMPREPLY=($(compgen -W \"${words//,/ }\" -- \"$cur\")) ;;",
            "    esac",
            "}",
            "complete -F _stopwatch stopwatch",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    private static func bashReply(_ kind: ValueKind) -> String {
        switch kind {
        case .choices(let values):
            "COMPREPLY=($(compgen -W '\(values().map(\.value).joined(separator: " "))' -- \"$cur\"))"
        case .stopwatchName: "COMPREPLY=($(compgen -W \"$(command stopwatch list --names 2>/dev/null)\" -- \"$cur\"))"
        case .recordedName:
            "COMPREPLY=($(compgen -W \"$(command stopwatch history --format names 2>/dev/null)\" -- \"$cur\"))"
        case .runReference:
            "COMPREPLY=($(compgen -W \"$(command stopwatch history --since \(recentRuns) --format ids 2>/dev/null | cut -f1) $(command stopwatch list --names 2>/dev/null)\" -- \"$cur\"))"
        case .countdownName:
            "COMPREPLY=($(compgen -W \"$(command stopwatch list --names --countdowns 2>/dev/null)\" -- \"$cur\"))"
        case .planName: "COMPREPLY=($(compgen -W \"$(command stopwatch list --plans 2>/dev/null)\" -- \"$cur\"))"
        case .file: "COMPREPLY=($(compgen -f -- \"$cur\"))"
        case .day: "COMPREPLY=($(compgen -W '\(DayWord.completions.joined(separator: " "))' -- \"$cur\"))"
        case .command: "compopt -o default 2>/dev/null; COMPREPLY=($(compgen -c -- \"$cur\"))"
        case .toolCommand: "COMPREPLY=($(compgen -W '\(commandNames.joined(separator: " "))' -- \"$cur\"))"
        case .wordList(let words): bashList("'\(words().joined(separator: " "))'")
        case .tagList: bashList("\"$(command stopwatch list --tags 2>/dev/null)\"")
        case .phaseLabelList:
            // The labels of the phases typed (`work=25m`, `--long long-break=15m`), else the pomodoro's.
            "local labels='' w; for w in \"${COMP_WORDS[@]}\"; do [[ $w == [A-Za-z]*=* ]] && labels+=\" ${w%%=*}\"; done; "
                + "[[ -z $labels ]] && labels='\(pomodoroLabels.joined(separator: " "))'; " + bashList("\"$labels\"")
        case .text, .duration, .count, .phase, .timeOfDay: "COMPREPLY=()"
        }
    }

    /// Completes the word after the last comma of a comma-separated list from `words` (a shell
    /// word), the words before it kept.
    private static func bashList(_ words: String) -> String {
        "local prefix=''; [[ $cur == *,* ]] && prefix=${cur%,*},; COMPREPLY=($(compgen -P \"$prefix\" -W \(words) -- \"${cur##*,}\"))"
    }

    /// A word for each kind of argument in the bash script's tables.
    private static func kindName(_ kind: ValueKind) -> String {
        switch kind {
        case .stopwatchName: "name"
        case .countdownName: "countdown"
        case .recordedName: "recorded"
        case .runReference: "run"
        case .command: "command"
        case .toolCommand: "toolCommand"
        case .choices(let values): "choices=" + values().map(\.value).joined(separator: ",")
        case .text, .duration, .count, .phase, .timeOfDay, .file, .planName, .day, .wordList, .tagList, .phaseLabelList:
            "other"
        }
    }

    // MARK: zsh

    private static var zsh: String {
        var lines = [
            "#compdef stopwatch",
            "# zsh completion for \(header) zsh'",
            "",
            "_stopwatch_names() {",
            "  local -a names",
            "  names=(${(f)\"$(command stopwatch list --names 2>/dev/null)\"})",
            "  compadd -a names",
            "}",
            "",
            // `timer --until 17:30 NAME`, `timer NAME --add 1m`: no duration, the name comes first,
            // completed as the argument after the duration is.
            "_stopwatch_duration_or_name() {",
            "  (( ${words[(I)--until*]} || ${words[(I)--add*]} )) && \(zshAction(CommandCatalog.spec(.timer).arguments.last?.kind ?? .stopwatchName))",
            "}",
            "",
            "_stopwatch_countdowns() {",
            "  local -a names",
            "  names=(${(f)\"$(command stopwatch list --names --countdowns 2>/dev/null)\"})",
            "  compadd -a names",
            "}",
            "",
            "_stopwatch_recorded() {",
            "  local -a names",
            "  names=(${(f)\"$(command stopwatch history --format names 2>/dev/null)\"})",
            "  compadd -a names",
            "}",
            "",
            // A run's id with its name, start and time beside it, or a stopwatch's name.
            "_stopwatch_runs() {",
            "  local -a runs names",
            "  runs=(${(f)\"$(command stopwatch history --since \(recentRuns) --format ids 2>/dev/null)\"})",
            "  runs=(${runs/$'\\t'/:})",
            "  names=(${(f)\"$(command stopwatch list --names 2>/dev/null)\"})",
            "  _describe -t runs run runs",
            "  compadd -a names",
            "}",
            "",
            "_stopwatch_plans() {",
            "  local -a names",
            "  names=(${(f)\"$(command stopwatch list --plans 2>/dev/null)\"})",
            "  compadd -a names",
            "}",
            "",
            "_stopwatch_tags() {",
            "  local -a tags",
            "  tags=(${(f)\"$(command stopwatch list --tags 2>/dev/null)\"})",
            "  (( $#tags )) && _values -s , tag $tags",
            "}",
            "",
            // The labels of the phases typed (`work=25m`), else the pomodoro's.
            "_stopwatch_labels() {",
            "  local -a labels",
            "  labels=(${${(M)words:#[A-Za-z]*=*}%%=*})",
            "  (( $#labels )) || labels=(\(pomodoroLabels.joined(separator: " ")))",
            "  _values -s , label $labels",
            "}",
            "",
            "_stopwatch() {",
            "  local -a commands",
            "  commands=(",
        ]
        lines += CommandCatalog.commands.map { "    \(zshQuote("\($0.name.rawValue):\($0.summary)"))" }
        lines += [
            "  )",
            "  if (( CURRENT == 2 )); then",
            "    _describe -t commands command commands",
            "    _arguments '(- *)'{-h,--help}'[show help]' '(- *)'{-V,--version}'[show the version]' '--format=[as list --format]:format:\(zshAction(listFormatKind))'",
            "    return",
            "  fi",
            "  local command=$words[2]",
            // `stopwatch --format waybar`: `list --format`, as if `list` had been typed.
            "  if [[ $command == --format* ]]; then",
            "    command=list",
            "    words=($words[1] list \"${(@)words[2,-1]}\")",
            "    (( CURRENT++ ))",
            "  fi",
            "  shift words",
            "  (( CURRENT-- ))",
            "  case $command in",
        ]
        for spec in CommandCatalog.commands {
            var specs = spec.options.map(zshOption) + ["'(- *)'{-h,--help}'[show this help]'"]
            for (index, argument) in completedArguments(spec).enumerated() {
                let action =
                    if case .duration = argument.kind { "_stopwatch_duration_or_name" } else {
                        zshAction(argument.kind)
                    }
                if argument.isRepeating {
                    specs.append(zshQuote("*:\(zshMessage(argument.placeholder)):\(action)"))
                } else {
                    specs.append(
                        zshQuote(
                            "\(index + 1):\(argument.isOptional ? ":" : "")\(zshMessage(argument.placeholder)):\(action)"
                        ))
                }
            }
            lines.append("    \(spec.name.rawValue)) _arguments -s \\")
            lines += specs.map { "        \($0) \\" }
            lines[lines.count - 1].removeLast(2)
            lines.append("      ;;")
        }
        lines += ["  esac", "}", "", "_stopwatch \"$@\""]
        return lines.joined(separator: "\n") + "\n"
    }

    private static func zshOption(_ option: OptionSpec) -> String {
        let help = "[\(option.help.replacing("[", with: "\\[").replacing("]", with: "\\]"))]"
        guard let value = option.value else {
            return option.short.map { "'(\($0) \(option.long))'{\($0),\(option.long)}" + zshQuote(help) }
                ?? zshQuote(option.long + help)
        }
        let tail = ":\(zshMessage(value.placeholder)):\(zshAction(value.kind))"
        if let short = option.short {
            return "'(\(short) \(option.long))'{\(short),\(option.long)=}" + zshQuote(help + tail)
        }
        return zshQuote(option.long + "=" + help + tail)
    }

    private static func zshAction(_ kind: ValueKind) -> String {
        switch kind {
        case .choices(let values): "(\(values().map(\.value).joined(separator: " ")))"
        case .stopwatchName: "_stopwatch_names"
        case .countdownName: "_stopwatch_countdowns"
        case .recordedName: "_stopwatch_recorded"
        case .runReference: "_stopwatch_runs"
        case .planName: "_stopwatch_plans"
        case .file: "_files"
        case .day: "(\(DayWord.completions.joined(separator: " ")))"
        case .command: "_normal"
        case .toolCommand: "(\(commandNames.joined(separator: " ")))"
        case .wordList(let words): "_values -s , \(zshQuote("value")) \(words().joined(separator: " "))"
        case .tagList: "_stopwatch_tags"
        case .phaseLabelList: "_stopwatch_labels"
        case .text, .duration, .count, .phase, .timeOfDay: " "
        }
    }

    /// A placeholder as `_arguments` shows it: lower case, its colons escaped (`hh\:mm`), since
    /// a colon ends the message.
    private static func zshMessage(_ placeholder: String) -> String {
        placeholder.lowercased().replacing(":", with: "\\:")
    }

    /// `text` in single quotes, for zsh.
    private static func zshQuote(_ text: String) -> String {
        "'" + text.replacing("'", with: "'\\''") + "'"
    }

    // MARK: fish

    private static var fish: String {
        var lines = [
            "# fish completion for \(header) fish'",
            "function __stopwatch_names",
            "    command stopwatch list --names 2>/dev/null",
            "end",
            "function __stopwatch_countdowns",
            "    command stopwatch list --names --countdowns 2>/dev/null",
            "end",
            "function __stopwatch_recorded",
            "    command stopwatch history --format names 2>/dev/null",
            "end",
            // A run's id, a tab and its description, as fish shows it; then the stopwatches.
            "function __stopwatch_runs",
            "    command stopwatch history --since \(recentRuns) --format ids 2>/dev/null",
            "    command stopwatch list --names 2>/dev/null",
            "end",
            "function __stopwatch_plans",
            "    command stopwatch list --plans 2>/dev/null",
            "end",
            // A comma-separated list: each word after what the token has up to its last comma.
            "function __stopwatch_list",
            "    set -l prefix (string replace -r '[^,]*$' '' -- (commandline -ct))",
            "    for word in $argv",
            "        echo $prefix$word",
            "    end",
            "end",
            "function __stopwatch_labels",
            "    set -l labels (string match -r '^[A-Za-z][^=]*(?==)' -- (commandline -opc))",
            "    test (count $labels) -gt 0; or set labels \(pomodoroLabels.joined(separator: " "))",
            "    __stopwatch_list $labels",
            "end",
            // True when the token being completed is positional argument N (from 1) of the
            // command, skipping options and the values of those that take one (the rest).
            "function __stopwatch_argument --argument-names position",
            "    set -l words (commandline -opc)",
            "    set -e words[1..2]",
            "    set -l count 0",
            "    set -l skip 0",
            "    for word in $words",
            "        if test $skip -eq 1",
            "            set skip 0",
            "        else if string match -q -- '--*=*' $word",
            "        else if string match -q -- '-*' $word",
            "            contains -- $word $argv[2..-1]; and set skip 1",
            "        else",
            "            set count (math $count + 1)",
            "        end",
            "    end",
            "    test $count -eq (math $position - 1)",
            "end",
            "complete -c stopwatch -f",
            "complete -c stopwatch -n __fish_use_subcommand -s h -l help -d \(fishQuote("show help"))",
            "complete -c stopwatch -n __fish_use_subcommand -s V -l version -d \(fishQuote("show the version"))",
            "complete -c stopwatch -n __fish_use_subcommand -l format\(fishValue(listFormatKind)) -d \(fishQuote("as list --format"))",
        ]
        for spec in CommandCatalog.commands {
            lines.append(
                "complete -c stopwatch -n __fish_use_subcommand -a \(spec.name.rawValue) -d \(fishQuote(spec.summary))")
        }
        for spec in CommandCatalog.commands {
            let condition = fishQuote("__fish_seen_subcommand_from \(spec.name.rawValue)")
            for option in spec.options + [CommandCatalog.helpOption] {
                var line = "complete -c stopwatch -n \(condition)"
                if let short = option.short { line += " -s \(short.dropFirst())" }
                line += " -l \(option.long.dropFirst(2))"
                if let value = option.value { line += fishValue(value.kind) }
                lines.append(line + " -d \(fishQuote(option.help))")
            }
            // Each argument at its place only (a name is not offered for `track`'s START), the
            // last of a repeating kind at its place and after; `timer`'s NAME after its DURATION
            // or first (`--until`, `--add`), as before.
            let values = spec.options.filter { $0.value != nil }.flatMap { [$0.long] + ($0.short.map { [$0] } ?? []) }
                .joined(separator: " ")
            let arguments = completedArguments(spec)
            for (index, argument) in arguments.enumerated() {
                var place = fishQuote(
                    "__fish_seen_subcommand_from \(spec.name.rawValue); and __stopwatch_argument \(index + 1) \(values)"
                )
                let afterDurations =
                    index > 0 && arguments[..<index].allSatisfy { if case .duration = $0.kind { true } else { false } }
                if argument.isRepeating || arguments.count == 1 || afterDurations { place = condition }
                lines.append(
                    "complete -c stopwatch -n \(place)\(fishValue(argument.kind)) -d \(fishQuote(argument.help))")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func fishValue(_ kind: ValueKind) -> String {
        switch kind {
        case .choices(let values): " -x -a \(fishQuote(values().map(\.value).joined(separator: " ")))"
        case .stopwatchName: " -x -a '(__stopwatch_names)'"
        case .countdownName: " -x -a '(__stopwatch_countdowns)'"
        case .recordedName: " -x -a '(__stopwatch_recorded)'"
        case .runReference: " -x -a '(__stopwatch_runs)'"
        case .planName: " -x -a '(__stopwatch_plans)'"
        case .file: " -r -F"
        case .day: " -x -a \(fishQuote(DayWord.completions.joined(separator: " ")))"
        case .command: " -x -a '(__fish_complete_subcommand)'"
        case .toolCommand: " -x -a \(fishQuote(commandNames.joined(separator: " ")))"
        case .wordList(let words): " -x -a \(fishQuote("(__stopwatch_list " + words().joined(separator: " ") + ")"))"
        case .tagList: " -x -a '(__stopwatch_list (command stopwatch list --tags 2>/dev/null))'"
        case .phaseLabelList: " -x -a '(__stopwatch_labels)'"
        case .text, .duration, .count, .phase, .timeOfDay: " -x"
        }
    }

    /// How far back the runs offered for a run's id go: `history --since` takes it.
    private static let recentRuns = "-30d"

    /// The labels of `stopwatch cycle` alone: what `--wait-before` offers when no phase was typed.
    private static var pomodoroLabels: [String] {
        PhaseSequence.pomodoro.phases.map(\.label) + (PhaseSequence.pomodoro.long.map { [$0.label] } ?? [])
    }

    /// What `stopwatch --format` takes: `list`'s.
    private static var listFormatKind: ValueKind {
        CommandCatalog.spec(.list).options.first { $0.long == OptionName.format.rawValue }?.value?.kind ?? .text
    }

    /// `text` in single quotes, for fish.
    private static func fishQuote(_ text: String) -> String {
        "'" + text.replacing("\\", with: "\\\\").replacing("'", with: "\\'") + "'"
    }

    /// The arguments completion offers in order: a command to run takes the first place, since
    /// `run make` is how it is usually typed and `run NAME -- make` the rarer form.
    private static func completedArguments(_ spec: CommandSpec) -> [ArgumentSpec] {
        spec.arguments.filter { if case .command = $0.kind { true } else { false } }.isEmpty
            ? spec.arguments : spec.arguments.filter { if case .command = $0.kind { true } else { false } }
    }

    private static var commandNames: [String] {
        CommandName.allCases.map(\.rawValue)
    }
}
