// The Linux descriptors for signals and timers, which Swift's Glibc module leaves out:
// `status --follow` waits on them in one poll(2). Functions of the C library itself; nothing to link.
#include <sys/signalfd.h>
#include <sys/timerfd.h>
