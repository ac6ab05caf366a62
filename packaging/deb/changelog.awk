# Turns CHANGELOG.md (Keep a Changelog) into a Debian changelog, the form dpkg and lintian read in
# /usr/share/doc/stopwatch-cli/changelog.gz: an entry a version, its sections as items, each
# change as a sub-item, wrapped within 80 columns. Run with -v maintainer="NAME <EMAIL>".

function wrap(text, first, rest,    words, count, i, line, out) {
    count = split(text, words, /[ \t]+/)
    line = first
    out = ""
    for (i = 1; i <= count; i++) {
        if (words[i] == "") continue
        if (line != first && line != rest && length(line) + 1 + length(words[i]) > 78) {
            out = out line "\n"
            line = rest
        }
        line = (line == first || line == rest) ? line words[i] : line " " words[i]
    }
    return out line "\n"
}

function flush() {
    if (item != "") printf "%s", wrap(item, "    - ", "      ")
    if (paragraph != "") printf "%s", wrap(paragraph, "    ", "    ")
    item = ""
    paragraph = ""
}

function close_entry() {
    flush()
    if (version != "") printf "\n -- %s  %s\n\n", maintainer, stamp
}

/^## \[/ {
    close_entry()
    version = $2
    gsub(/[\[\]]/, "", version)
    # What is not yet released is no entry of the package's.
    if (version == "Unreleased") { version = ""; next }
    day = $4
    command = "date -u -R -d " day
    command | getline stamp
    close(command)
    printf "stopwatch-cli (%s) unstable; urgency=medium\n\n", version
    first = 1
    next
}
version == "" { next }
/^### / {
    flush()
    if (!first) print ""
    first = 0
    printf "  * %s:\n", substr($0, 5)
    next
}
/^- / { flush(); item = substr($0, 3); next }
/^  [^ ]/ && item != "" { item = item " " substr($0, 3); next }
/^$/ { flush(); next }
{ paragraph = paragraph == "" ? $0 : paragraph " " $0 }
END { close_entry() }
