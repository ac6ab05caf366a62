/* The floor under `stopwatch lap`'s wall time: the system calls of one durable lap commit and
 * nothing else, as docs/state-format.md orders them. scripts/bench-startup.sh builds and times it.
 *
 * Usage: commit-floor DIRECTORY   (appends to DIRECTORY/bench.laps, replaces DIRECTORY/bench.json)
 */
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

int main(int argc, char **argv) {
    if (argc != 2) { fprintf(stderr, "usage: commit-floor DIRECTORY\n"); return 64; }
    static const char line[106] = "{\"lapMicroseconds\":1000,\"number\":1}";
    static const char state[600] = "{\"schemaVersion\":2}";
    int directory = open(argv[1], O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (directory < 0 || flock(directory, LOCK_EX) != 0) { perror(argv[1]); return 1; }

    int laps = openat(directory, "bench.laps", O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0600);
    struct stat status;
    if (laps < 0 || fstat(laps, &status) != 0) { perror("bench.laps"); return 1; }
    if (pwrite(laps, line, sizeof line, status.st_size) != sizeof line || fsync(laps) != 0) { perror("bench.laps"); return 1; }
    close(laps);

    unlinkat(directory, ".bench.json.tmp", 0);
    int temporary = openat(directory, ".bench.json.tmp", O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
    if (temporary < 0 || fchmod(temporary, 0600) != 0) { perror(".bench.json.tmp"); return 1; }
    if (pwrite(temporary, state, sizeof state, 0) != sizeof state || fsync(temporary) != 0) { perror(".bench.json.tmp"); return 1; }
    close(temporary);
    if (renameat(directory, ".bench.json.tmp", directory, "bench.json") != 0 || fsync(directory) != 0) { perror("bench.json"); return 1; }
    return 0;
}
