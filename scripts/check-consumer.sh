#!/usr/bin/env bash
# Builds Examples/CoreConsumer, a package that depends on this repository by version as another
# project would, and runs its test, written only against the public API of StopwatchCore and the
# fakes of StopwatchTestSupport. The repository's HEAD is cloned and tagged in a temporary
# directory (the real repository is left untagged), and the consumer resolves it by that tag.
#
# Usage: scripts/check-consumer.sh
set -euo pipefail
cd "$(dirname "$0")/.."
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
version="0.5.0-consumer-check"
git clone -q "$PWD" "$work/stopwatch"
git -C "$work/stopwatch" -c user.name=ci -c user.email=ci@localhost tag -a "$version" -m "$version" HEAD
cp -R Examples/CoreConsumer "$work/consumer"
sed -i "s|STOPWATCH_REPOSITORY|file://$work/stopwatch|; s|STOPWATCH_VERSION|$version|" "$work/consumer/Package.swift"
cd "$work/consumer"
swift test 2>&1 | tail -5
echo "check-consumer.sh: a package depending on StopwatchCore $version by tag built and passed its test" >&2
