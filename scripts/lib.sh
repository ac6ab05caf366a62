# Sourced by the benchmark and check scripts, from the repository's root: what each of them would
# otherwise write again.

# needs TOOL:PACKAGE...: installs, from Debian, the package of each tool not on PATH (as root, or
# through sudo).
needs() {
    local missing=() pair
    for pair in "$@"; do
        command -v "${pair%%:*}" >/dev/null || missing+=("${pair#*:}")
    done
    ((${#missing[@]})) || return 0
    local sudo=""
    [ "$(id -u)" -eq 0 ] || sudo=sudo
    $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
}

# installed_binary DIR [BINARY]: prints BINARY when one is given, else installs the static build
# scripts/install.sh makes under DIR and prints its path: benchmarks measure the binary users
# install.
installed_binary() {
    if [ -n "${2:-}" ]; then
        echo "$2"
    else
        scripts/install.sh --prefix "$1/prefix" 2>/dev/null
        echo "$1/prefix/bin/stopwatch"
    fi
}

# instructions COMMAND...: the instructions COMMAND executes, as valgrind's callgrind counts them
# (exactly the same from run to run on the same binary and input).
instructions() {
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null \
        | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
