# Sourced by the benchmark scripts. `installed_binary DIR [BINARY]` prints BINARY when one is
# given, else installs the static build scripts/install.sh makes under DIR and prints its path:
# benchmarks measure the binary users install.
installed_binary() {
    if [ -n "${2:-}" ]; then
        echo "$2"
    else
        scripts/install.sh --prefix "$1/prefix" 2>/dev/null
        echo "$1/prefix/bin/stopwatch"
    fi
}
