#!/usr/bin/env bash
# The Platform's folders are layers: each may use the types of the layers below it, never those
# above. Fails, naming the file and the type, when a folder names a type declared in a folder it
# must not know:
#   Data          knows nothing of Presentation, CommandLine or DI;
#   Presentation  knows nothing of CommandLine or DI.
# (The Core is a target of its own: .ci/run checks its imports.)
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
