#ifndef MOCKAPI_CPROCESSWATCH_SHIM_H
#define MOCKAPI_CPROCESSWATCH_SHIM_H

// Linux's pidfd_open (5.3 and later): a descriptor that becomes readable when a process ends, whatever ended it.
// Through syscall(2), which Swift cannot call (it is variadic), rather than glibc's pidfd_open wrapper: that one came
// with glibc 2.36 and would raise the oldest glibc the packaged binary runs on (its manylinux tag).
#ifdef __linux__
#include <sys/syscall.h>
#include <sys/types.h>
#include <unistd.h>

/// A pidfd for process `pid`, or -1 with errno set (ESRCH: no such process; ENOSYS: a kernel before 5.3).
static inline int mockapi_pidfd_open(pid_t pid) {
    return (int)syscall(SYS_pidfd_open, pid, 0);
}
#endif

#endif
