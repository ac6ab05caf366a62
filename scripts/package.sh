#!/usr/bin/env bash
# Builds the release files of this commit into dist/:
#
#   dist/stopwatch-cli_VERSION_amd64.deb          the Debian package (package stopwatch-cli)
#   dist/stopwatch-VERSION-x86_64-linux.tar.gz    the binary, manual, completions, README,
#                                                 LICENSE and CHANGELOG under one folder
#   dist/SHA256SUMS                               the checksums of both
#
# VERSION is what the binary says (`stopwatch --version`, CommandCatalog.version). The files hold
# what scripts/install.sh installs, built the same way. Building twice from the same commit gives
# byte-identical files: every date is SOURCE_DATE_EPOCH (the commit's date unless set), every
# owner root, every list sorted, and the build does not record where the checkout was.
#
# Usage: scripts/package.sh
#   Installs dpkg-dev's dpkg-deb from Debian's packages if it is missing. Run from a clean
#   checkout: files not committed would end up in the package without being in the commit.
set -euo pipefail
cd "$(dirname "$0")/.."

source scripts/lib.sh
needs dpkg-deb:dpkg gzip:gzip tar:tar sha256sum:coreutils

export SOURCE_DATE_EPOCH="${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct)}"
export TZ=UTC LC_ALL=C
umask 022

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# The files scripts/install.sh installs, into a prefix of our own.
scripts/install.sh --prefix "$work/prefix" >&2
version="$("$work/prefix/bin/stopwatch" --version)"
version="${version#stopwatch }"
[[ $version =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]] || { echo "package.sh: '$version' is not a release version" >&2; exit 1; }
maintainer="$(sed -n 's/^Maintainer: //p' packaging/deb/control.in)"

# Every date in the files is the commit's, and files are readable by all, as installed.
stamp() { find "$1" -exec touch -h -d "@$SOURCE_DATE_EPOCH" {} +; }

mkdir -p dist
rm -f dist/stopwatch-cli_*_amd64.deb dist/stopwatch-*-x86_64-linux.tar.gz dist/SHA256SUMS

# The Debian package.
root="$work/deb"
install -D -m 0755 "$work/prefix/bin/stopwatch" "$root/usr/bin/stopwatch"
install -d -m 0755 "$root/usr/share/man/man1"
gzip -9n <"$work/prefix/share/man/man1/stopwatch.1" >"$root/usr/share/man/man1/stopwatch.1.gz"
install -D -m 0644 "$work/prefix/share/bash-completion/completions/stopwatch" "$root/usr/share/bash-completion/completions/stopwatch"
install -D -m 0644 "$work/prefix/share/zsh/site-functions/_stopwatch" "$root/usr/share/zsh/vendor-completions/_stopwatch"
install -D -m 0644 "$work/prefix/share/fish/vendor_completions.d/stopwatch.fish" "$root/usr/share/fish/vendor_completions.d/stopwatch.fish"
sed "s|@BINDIR@|/usr/bin|" packaging/systemd/stopwatch-waiters.service.in >"$work/stopwatch-waiters.service"
install -D -m 0644 "$work/stopwatch-waiters.service" "$root/usr/lib/systemd/user/stopwatch-waiters.service"
install -D -m 0644 packaging/deb/copyright "$root/usr/share/doc/stopwatch-cli/copyright"
awk -v maintainer="$maintainer" -f packaging/deb/changelog.awk CHANGELOG.md | gzip -9n >"$root/usr/share/doc/stopwatch-cli/changelog.gz"
chmod 0644 "$root/usr/share/man/man1/stopwatch.1.gz" "$root/usr/share/doc/stopwatch-cli/changelog.gz"
install -D -m 0644 packaging/deb/lintian-overrides "$root/usr/share/lintian/overrides/stopwatch-cli"
install -d -m 0755 "$root/DEBIAN"
(cd "$root" && find usr -type f | sort | xargs md5sum) >"$root/DEBIAN/md5sums"
installed_size="$(du -sk --apparent-size "$root/usr" | cut -f1)"
sed -e "s/@VERSION@/$version/" -e "s/@INSTALLED_SIZE@/$installed_size/" packaging/deb/control.in >"$root/DEBIAN/control"
chmod 0644 "$root/DEBIAN/control" "$root/DEBIAN/md5sums"
stamp "$root"
deb="dist/stopwatch-cli_${version}_amd64.deb"
dpkg-deb --root-owner-group -Zxz --build "$root" "$deb" >&2

# The tarball: the prefix scripts/install.sh fills, beside the README, LICENSE and CHANGELOG.
top="stopwatch-$version-x86_64-linux"
mkdir "$work/$top"
cp -R "$work/prefix/bin" "$work/prefix/share" "$work/$top/"
# Its unit runs the binary where a tarball's usually goes (edit ExecStart for another place).
sed "s|@BINDIR@|/usr/local/bin|" packaging/systemd/stopwatch-waiters.service.in >"$work/$top/share/systemd/user/stopwatch-waiters.service"
install -m 0644 README.md LICENSE CHANGELOG.md "$work/$top/"
stamp "$work/$top"
tarball="dist/$top.tar.gz"
tar --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$SOURCE_DATE_EPOCH" --format=gnu \
    -C "$work" -cf - "$top" | gzip -9n >"$tarball"

(cd dist && sha256sum "$(basename "$deb")" "$(basename "$tarball")" >SHA256SUMS)
cat dist/SHA256SUMS
