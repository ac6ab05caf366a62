#!/usr/bin/env bash
# Counts the lines of the Platform outside Data/ that branch on what kind of plan a run has: the
# figure issue 48 asks to bring down ("Outside Data, no branch on the plan kind but the parsing of
# its words"), counted the same way before and after (docs/architecture.md, "Adding a kind of
# plan").
#
# A line counts when it tests a plan's case (`case .countdown`, `.sequence`, `.open`), asks a state
# whether it is a cycle or a countdown (`isCycle`, `isCountdown`, `PlanKind`, `.kind ==`), or asks a
# view state for a countdown's or a phase's presence to choose what to show (`if let`/`guard let`
# of `countdown`/`phase`/`currentPhase`, `!= nil`/`== nil` of them, `.countdown?.`, `.phase?.`,
# `.currentPhase`). Doc comments are left out.
#
# Usage: scripts/count-plan-branches.sh [REVISION]   (the working tree without one)
#   Prints the count per file, then the total lines and files.
set -euo pipefail
cd "$(dirname "$0")/.."
pattern='case \.(countdown|sequence|open)\b|\bis(Cycle|Countdown)\b|PlanKind|\.kind (==|!=)|(if|guard) let (countdown|phase|currentPhase)\b|(countdown|phase|currentPhase) (!=|==) nil|\.(countdown|phase|currentPhase)\?\.|\.currentPhase\b'
files() {
    if [[ $# -gt 0 ]]; then
        git ls-tree -r --name-only "$1" Sources/StopwatchPlatform | grep '\.swift$' | grep -v '/Data/'
    else
        git ls-files Sources/StopwatchPlatform | grep '\.swift$' | grep -v '/Data/'
    fi
}
show() { if [[ $# -gt 1 ]]; then git show "$2:$1"; else cat "$1"; fi; }
total=0 count=0
while read -r file; do
    n=$(show "$file" "$@" | grep -vE '^\s*///' | grep -cE "$pattern" || true)
    if [[ $n -gt 0 ]]; then
        printf '%4d %s\n' "$n" "$file"
        total=$((total + n)) count=$((count + 1))
    fi
done < <(files "$@")
echo "$total lines in $count files"
