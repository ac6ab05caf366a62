#!/usr/bin/env bash
# The Platform's folders are layers: each may use the types of the layers below it, never those
# above. Fails, naming the file and the type, when a folder names a type declared in a folder it
# must not know:
#   Data          knows nothing of Presentation, CommandLine or DI;
#   Presentation  knows nothing of CommandLine or DI.
# (The Core is a target of its own: .ci/run checks its imports.) Then two rules of structure: each
# command is whole in its own file and listed once; nothing but the Scheduler's adapters sets a
# timer or sleeps.
set -euo pipefail
cd "$(dirname "$0")/.."
platform=Sources/StopwatchPlatform

# The types declared at the top level of the files under a folder.
types() {
    grep -rhoE '^(public |internal |private |fileprivate |final )*(struct|enum|class|protocol|actor) [A-Z][A-Za-z0-9]*' "$1" \
        | awk '{ print $NF }' | sort -u
}

failed=0
check() {  # check LAYER FORBIDDEN...
    local layer="$1"
    shift
    for forbidden in "$@"; do
        while read -r type; do
            [ -n "$type" ] || continue
            if hits=$(grep -rnwE "$type" "$platform/$layer" --include='*.swift' | grep -vE '^[^:]+:[0-9]+:\s*///?'); then
                echo "$layer uses $type, declared in $forbidden:" >&2
                echo "$hits" | sed 's/^/    /' >&2
                failed=1
            fi
        done < <(types "$platform/$forbidden")
    done
}

check Data Presentation CommandLine DI
check Presentation CommandLine DI
if [ "$failed" -ne 0 ]; then
    echo "error: a layer uses a type of a layer above it (docs/architecture.md, 'Layers')" >&2
    exit 1
fi
echo "layers: Data and Presentation use no type of the layers above them"

# One command, one file: each command type is declared in CommandLine/Commands/TYPE.swift and
# listed once in CommandCatalog.visitCommandTypes, and no other file names one, but the parser's
# forms that are no command of their own (`stopwatch` alone, --version, --help, the hook waiter)
# and the session a command runs (`RunSession` takes its `RunCommand`).
commands="$platform/CommandLine/Commands"
catalog="$platform/CommandLine/Declaration/CommandCatalog.swift"
listed=$(sed -n '/func visitCommandTypes/,/^    }/p' "$catalog" | grep -oE 'body\([A-Za-z]+Command\.self\)' | sed -E 's/body\(([A-Za-z]+)\.self\)/\1/')
for type in $listed; do
    [ "$(grep -cx "$type" <<<"$listed")" -eq 1 ] || { echo "$type is listed more than once in visitCommandTypes" >&2; failed=1; }
    grep -qE "^public struct $type: " "$commands/$type.swift" 2>/dev/null || { echo "$type has no file $commands/$type.swift declaring it" >&2; failed=1; }
done
for file in "$commands"/*Command.swift; do
    type=$(basename "$file" .swift)
    case "$type" in StopwatchChangeCommand | OverviewCommand | VersionCommand) continue ;; esac
    grep -qx "$type" <<<"$listed" || { echo "$type ($file) is not listed in CommandCatalog.visitCommandTypes" >&2; failed=1; }
done
for type in $listed OverviewCommand VersionCommand; do
    if hits=$(grep -rlw "$type" "$platform" --include='*.swift' | grep -v "^$commands/" | grep -vx "$catalog" \
        | grep -vx "$platform/CommandLine/CommandLineParser.swift" | grep -vE 'Session\.swift$'); then
        echo "$type is named outside its own file, the catalog and the parser: $hits" >&2
        failed=1
    fi
done
# One scheduling port: nothing but its adapters sets a timer or sleeps.
if hits=$(grep -rnE 'asyncAfter|makeTimerSource|timerfd_create|timer_create|usleep|nanosleep|sleep\(' "$platform" "Sources/StopwatchCore" --include='*.swift' \
    | grep -vE '^[^:]+:[0-9]+:\s*///?' | grep -vE "^$platform/Services/(DispatchScheduler|BootClockTimer)\.swift:"); then
    echo "time-driven work outside the Scheduler's adapters (docs/architecture.md, 'Where a change goes'):" >&2
    echo "$hits" | sed 's/^/    /' >&2
    failed=1
fi
if [ "$failed" -ne 0 ]; then
    echo "error: a command is not whole in its file, or time is scheduled outside the Scheduler port" >&2
    exit 1
fi
echo "structure: each command whole in one file and listed once; time-driven work only on the Scheduler port"
