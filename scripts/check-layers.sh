#!/usr/bin/env bash
# The Platform's folders are layers, each of which may use the types of the layers below it, never
# those above, in this order from the bottom:
#   Support       text and bytes (JSON, CRC-32, RFC 3339, shell words): nothing of ours above it;
#   Services      the system's adapters (clocks, timers, signals, processes, the terminal);
#   Data          the files: the stores and their entities;
#   Presentation  view models, mappers, views (and the sinks that word a hook's events);
#   DI            the container, which builds the layers below it for a process;
#   CommandLine   the commands and their sessions, which ask the container for what they need.
# Fails, naming the file and the type, when a folder names a type declared in a folder above it,
# at the top level or nested (as OUTER.NAME: a type in an extension of StopwatchState declared
# in Presentation and used from Data is seen); an extension or a conformance names its type too,
# so it is seen where it is written; private types are left out, as no other file can name them. Every folder of the
# Platform must be one of these. (The Core is a target of its own: .ci/run checks its imports.)
# Then two rules of structure: each command is whole in its own file and listed once; nothing but
# the Scheduler's adapters sets a timer or sleeps.
set -euo pipefail
cd "$(dirname "$0")/.."
platform=Sources/StopwatchPlatform
layers=(Support Services Data Presentation DI CommandLine)

# The types declared in the files under a folder, private ones left out: each at the top level by
# its name, and each nested one (in a type, or in an extension of a type of any layer or of the
# Core) as OUTER.NAME, which is how another file names it. Whatever its modifiers (`public
# indirect enum`, `final class`, `nonisolated struct`); the nesting is read from the indentation,
# which `swift format` keeps at four spaces a level (.ci/run lints it first).
types() {
    find "$1" -name '*.swift' -print0 | xargs -0 awk '
        FNR == 1 { delete outer }
        match($0, /^ *(((public|internal|package|open|private|fileprivate|final|indirect|nonisolated)(\([a-z]+\))?) +)*(struct|enum|class|protocol|actor|extension) +[A-Z][A-Za-z0-9_.]*/) {
            declaration = substr($0, RSTART, RLENGTH)
            indent = match(declaration, /[^ ]/) - 1
            level = int(indent / 4)
            n = split(declaration, words, / +/)
            name = words[n]
            outer[level] = name
            if (words[n - 1] == "extension" || declaration ~ /(^| )(private|fileprivate)( |\()/) next
            if (level == 0) print name
            else if (outer[level - 1] != "") print outer[level - 1] "." name
        }' | sort -u
}

failed=0
for folder in "$platform"/*/; do
    name=$(basename "$folder")
    [[ " ${layers[*]} " == *" $name "* ]] || { echo "$platform/$name is in no layer: add it to scripts/check-layers.sh" >&2; failed=1; }
done
for ((low = 0; low < ${#layers[@]}; low++)); do
    layer=${layers[low]}
    for ((high = low + 1; high < ${#layers[@]}; high++)); do
        forbidden=${layers[high]}
        while read -r type; do
            [ -n "$type" ] || continue
            if hits=$(grep -rnwF "$type" "$platform/$layer" --include='*.swift' | grep -vE '^[^:]+:[0-9]+:\s*///?'); then
                echo "$layer uses $type, declared in $forbidden above it:" >&2
                echo "$hits" | sed 's/^/    /' >&2
                failed=1
            fi
        done < <(types "$platform/$forbidden")
    done
done
if [ "$failed" -ne 0 ]; then
    echo "error: a layer uses a type of a layer above it (docs/architecture.md, 'Layers')" >&2
    exit 1
fi
echo "layers: ${layers[*]}: each uses no type of the layers above it"

# One command, one file: each command type is declared in CommandLine/Commands/TYPE.swift and
# listed once in CommandCatalog.visitCommandTypes, and no other file names one, but the parser's
# forms that are no command of their own (`stopwatch` alone, --version, --help, the hook waiter)
# and the session a command runs (`RunSession` takes its `RunCommand`).
commands="$platform/CommandLine/Commands"
catalog="$platform/CommandLine/Declaration/CommandCatalog.swift"
listed=$(sed -n '/func visitCommandTypes/,/^    }/p' "$catalog" | { grep -oE 'visit\([A-Za-z]+Command\.self\)' || true; } | sed -E 's/visit\(([A-Za-z]+)\.self\)/\1/')
[ -n "$listed" ] || { echo "no command found listed in $catalog's visitCommandTypes, as visitor.visit(TYPE.self): has its form changed?" >&2; exit 1; }
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
if hits=$(grep -rnE 'asyncAfter|makeTimerSource|timerfd_create|timer_create|usleep|nanosleep|(^|[^a-zA-Z_])sleep\(' "$platform" "Sources/StopwatchCore" --include='*.swift' \
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
