#!/usr/bin/env bash
# Runs the deterministic simulation (Tests/StopwatchSimulationTests) longer than swift test does:
# one seed, or a range of seeds, of as many steps as asked, each on one to three machines as the
# seed says (--machines N: on N for every seed). A failure is shrunk to the fewest steps that still
# fail and printed as commands to paste; docs/testing.md says how to read it.
#
#   scripts/simulate.sh --steps 2000 --seed 42     one seed, 2,000 steps
#   scripts/simulate.sh --steps 500 --seeds 1000   seeds 1 to 1000 (as swift test numbers them), 500 steps each
#   scripts/simulate.sh --machines 1 --seeds 40    the first 40 seeds, each on one machine
set -euo pipefail
cd "$(dirname "$0")/.."

steps=200 seed="" seeds=""
while (($#)); do
    case "$1" in
    --steps) steps="$2"; shift 2 ;;
    --seed) seed="$2"; shift 2 ;;
    --seeds) seeds="$2"; shift 2 ;;
    --machines)
        [[ "$2" =~ ^[123]$ ]] || { echo "simulate.sh: --machines takes 1, 2 or 3, got '$2'" >&2; exit 64; }
        export SIMULATION_MACHINES="$2"; shift 2 ;;
    -h | --help) sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "simulate.sh: unknown option '$1'; see 'scripts/simulate.sh --help'" >&2; exit 64 ;;
    esac
done
[[ "$steps" =~ ^[0-9]+$ ]] || { echo "simulate.sh: --steps takes a whole number, got '$steps'" >&2; exit 64; }

export SIMULATION_STEPS="$steps"
[ -n "$seed" ] && export SIMULATION_SEED="$seed"
[ -n "$seeds" ] && export SIMULATION_SEEDS="$seeds"
swift build --build-tests >&2
swift test --skip-build --filter 'StopwatchSimulationTests.SimulationTests'
