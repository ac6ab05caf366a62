/* One sync's cost, for scripts/bench-startup.sh: the system calls of one durable change as
 * docs/state-format.md orders them (open and lock the directory, open the journal, append a line,
 * fdatasync it) and nothing else; with "nosync", the same without the fdatasync. The difference of
 * the two is what one sync costs on this disk in this run.
 *
 * Usage: commit-floor DIRECTORY [nosync]   (appends a line to DIRECTORY/bench.jsonl)
 */
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

int main(int argc, char **argv) {
    if (argc < 2 || argc > 3) { fprintf(stderr, "usage: commit-floor DIRECTORY [nosync]\n"); return 64; }
    int sync = argc == 2 || strcmp(argv[2], "nosync") != 0;
    /* About the length of a lap's line: the lap, and the state with the lap as its latest. */
    static char line[700];
    memset(line, 'x', sizeof line - 1);
    line[sizeof line - 1] = '\n';
    int directory = open(argv[1], O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (directory < 0 || flock(directory, LOCK_EX) != 0) { perror(argv[1]); return 1; }
    int journal = openat(directory, "bench.jsonl", O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0600);
    struct stat status;
    if (journal < 0 || fstat(journal, &status) != 0) { perror("bench.jsonl"); return 1; }
    if (pwrite(journal, line, sizeof line, status.st_size) != sizeof line) { perror("bench.jsonl"); return 1; }
    if (sync && fdatasync(journal) != 0) { perror("bench.jsonl"); return 1; }
    return 0;
}
