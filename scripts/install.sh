#!/usr/bin/env bash
# Builds stopwatch as one static binary (the Swift runtime linked in, no toolchain needed to run
# it), strips it, and installs it with its manual page and shell completions:
#
#   PREFIX/bin/stopwatch
#   PREFIX/share/man/man1/stopwatch.1
#   PREFIX/share/bash-completion/completions/stopwatch
#   PREFIX/share/zsh/site-functions/_stopwatch
#   PREFIX/share/fish/vendor_completions.d/stopwatch.fish
#   PREFIX/share/systemd/user/stopwatch-waiters.service   (starts hook waiters at login)
#
# Usage: scripts/install.sh [--prefix DIR] [--uninstall]
#   --prefix DIR   where to install (default: ~/.local)
#   --uninstall    remove exactly the files above, and nothing else
set -euo pipefail

prefix="${HOME:?set HOME or give --prefix}/.local"
uninstall=false
while (($#)); do
    case $1 in
        --prefix) prefix=${2:?"--prefix needs a directory"}; shift 2 ;;
        --prefix=*) prefix=${1#--prefix=}; shift ;;
        --uninstall) uninstall=true; shift ;;
        -h | --help) sed -n '2,15s/^# \{0,1\}//p' "$0"; exit 0 ;;
        *) echo "install.sh: unknown argument '$1' (see 'scripts/install.sh --help')" >&2; exit 64 ;;
    esac
done
[[ $prefix == /* ]] || prefix="$PWD/$prefix"
cd "$(dirname "$0")/.."

files=(
    bin/stopwatch
    share/man/man1/stopwatch.1
    share/bash-completion/completions/stopwatch
    share/zsh/site-functions/_stopwatch
    share/fish/vendor_completions.d/stopwatch.fish
    share/systemd/user/stopwatch-waiters.service
)

if $uninstall; then
    for file in "${files[@]}"; do
        if [ -e "$prefix/$file" ] || [ -L "$prefix/$file" ]; then
            rm -f "$prefix/$file"
            echo "removed $prefix/$file" >&2
        fi
    done
    exit 0
fi

# Fully static where the toolchain supports it; else the Swift runtime alone linked in statically.
#
# The functions a live view runs on each 10 ms tick are laid out side by side: each function is
# compiled into a section of its own, and the toolchain's lld places those that scripts/tick.order
# names first, in its order. A tick wakes with its TLB and caches cold, and what it pays follows
# the pages of code it touches: 27 to 37 laid out so, 72 to 87 scattered (docs/benchmarks.md).
# Only the layout changes, not the code; where lld cannot link, the default linker does.
#
# Concrete generic types' metadata is reached through accessor functions, not by demangling their
# names at run time (-disable-concrete-type-metadata-mangled-name-accessors): the first touch of
# each such type cost a command thousands of instructions (docs/benchmarks.md). It is a frontend
# flag SwiftPM calls unsafe, so it is given here, to the release build, and never in Package.swift,
# where it would stop any package from depending on StopwatchCore by version.
#
# The same commit builds the same bytes, wherever it is checked out. Code generated on several
# threads at once came out a few bytes apart from one build to another (which thread emitted a
# helper that functions share), so it is generated on one (-num-threads 1). The optimizer also
# orders some of its work by where its data lies in memory: so the build runs without address-space
# randomization (setarch -R), on a copy of the sources at one fixed path, since checkouts at paths
# of other lengths moved that data and laid out a few stack frames otherwise (a link to the
# checkout does not do: SwiftPM follows it), and with only PATH and HOME in its environment, since
# the environment lies on the stack too (OLDPWD, the directory a script was run from, moved it).
# One build at a time holds that folder.
package="$PWD"
fixed=/tmp/stopwatch-build
{ exec {lock}>"$fixed.lock"; } 2>/dev/null && flock "$lock" || lock=""
if [ -n "$lock" ] && mkdir -p "$fixed" 2>/dev/null && [ -O "$fixed" ] && [ ! -L "$fixed" ]; then
    rm -rf "$fixed/source"
    mkdir "$fixed/source"
    cp -R Package.swift Sources Tests "$fixed/source/"
    mkdir "$fixed/source/scripts"
    cp scripts/tick.order "$fixed/source/scripts/"
    package="$fixed/source"
    scratch="$fixed/.build-static"
else
    echo "install.sh: cannot take $fixed; building in place (the bytes then depend on this path)" >&2
    scratch="$package/.build-static"
fi
norandom=()
if command -v setarch >/dev/null && setarch "$(uname -m)" -R true 2>/dev/null; then norandom=(setarch "$(uname -m)" -R); fi
build() {
    (cd "$package" && env -i PATH="$PATH" HOME="$HOME" "${norandom[@]}" swift build -c release --product stopwatch --package-path "$package" \
        --scratch-path "$scratch" -Xswiftc -num-threads -Xswiftc 1 \
        -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors "$@" >&2)
}
# The layout: a tick's functions first. The linker is not rerun when the order alone changed: the
# last binary goes first.
mkdir -p "$scratch"
cp "$package/scripts/tick.order" "$scratch/layout.order"
rm -f "$scratch"/*/release/stopwatch
layout=(
    -Xswiftc -Xfrontend -Xswiftc -function-sections -Xswiftc -use-ld=lld
    -Xlinker "--symbol-ordering-file=$scratch/layout.order" -Xlinker --no-warn-symbol-ordering
)
if ! build -Xswiftc -static-executable "${layout[@]}"; then
    echo "install.sh: linking in the tick's layout with lld failed; linking as the toolchain does by default" >&2
    if ! build -Xswiftc -static-executable; then
        echo "install.sh: a fully static build failed; linking the Swift runtime in statically instead" >&2
        build --static-swift-stdlib
    fi
fi
built="$(swift build -c release --package-path "$package" --scratch-path "$scratch" --show-bin-path)/stopwatch"
# The unstripped build, kept in the checkout for scripts/check-tick-order.sh and the profiles.
mkdir -p .build-static
[ "$built" -ef .build-static/stopwatch ] || cp "$built" .build-static/stopwatch

staging="$(mktemp -d)"
trap 'rm -rf "$staging"' EXIT
strip -o "$staging/stopwatch" "$built"
# The same commit builds the same bytes (scripts/package.sh's promise): the compiler stamps each
# module with a hash that differs from one build to the next (.swift_modhash, which nothing reads
# at run time), so it is zeroed, and the build ID, which the linker made from it, is made again
# from the bytes.
normalize() {
    local file=$1 size
    size="$(readelf -SW "$file" | awk '$2 == ".swift_modhash" { print $6 }')"
    if [ -n "$size" ]; then
        head -c "$((16#$size))" /dev/zero >"$staging/zeros"
        objcopy --update-section .swift_modhash="$staging/zeros" "$file"
    fi
    # A GNU build-ID note: name size 4, descriptor size 20, type 3, "GNU", then the 20 bytes.
    note() { printf '\x04\0\0\0\x14\0\0\0\x03\0\0\0GNU\0'; printf "$(sed 's/../\\x&/g' <<<"$1")"; }
    note 0000000000000000000000000000000000000000 >"$staging/note"
    objcopy --update-section .note.gnu.build-id="$staging/note" "$file"
    note "$(sha1sum "$file" | cut -c1-40)" >"$staging/note"
    objcopy --update-section .note.gnu.build-id="$staging/note" "$file"
}
normalize "$staging/stopwatch"
"$staging/stopwatch" manual >"$staging/stopwatch.1"
for shell in bash zsh fish; do
    "$staging/stopwatch" completions "$shell" >"$staging/completion.$shell"
done

install -D -m 0755 "$staging/stopwatch" "$prefix/bin/stopwatch"
install -D -m 0644 "$staging/stopwatch.1" "$prefix/share/man/man1/stopwatch.1"
install -D -m 0644 "$staging/completion.bash" "$prefix/share/bash-completion/completions/stopwatch"
install -D -m 0644 "$staging/completion.zsh" "$prefix/share/zsh/site-functions/_stopwatch"
install -D -m 0644 "$staging/completion.fish" "$prefix/share/fish/vendor_completions.d/stopwatch.fish"
sed "s|@BINDIR@|$prefix/bin|" packaging/systemd/stopwatch-waiters.service.in >"$staging/stopwatch-waiters.service"
install -D -m 0644 "$staging/stopwatch-waiters.service" "$prefix/share/systemd/user/stopwatch-waiters.service"
for file in "${files[@]}"; do echo "installed $prefix/$file"; done >&2

case ":$PATH:" in *":$prefix/bin:"*) ;; *) echo "note: $prefix/bin is not in PATH" >&2 ;; esac
