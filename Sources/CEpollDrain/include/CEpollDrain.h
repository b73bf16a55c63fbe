#ifndef MOCKAPI_CEPOLLDRAIN_H
#define MOCKAPI_CEPOLLDRAIN_H

// libmicrohttpd 0.9.75's epoll loop, mended from outside (see epoll_drain.c). sys/epoll.h, which Swift's Glibc module
// leaves out, declares epoll_wait, which this module defines.
#if defined(__linux__)
#include <sys/epoll.h>
#endif

struct epoll_event;

/// epoll_wait as libmicrohttpd's calls get it: a wait right after one that filled the caller's array, on the same
/// thread and epoll instance, does not block. -1 where the mend is not built.
int mockapi_epoll_drain_wait(int epoll, struct epoll_event *events, int capacity, int timeout);

/// Whether libmicrohttpd's calls to epoll_wait reach the mend in this process:
///   1  they do;
///   0  they reach libc's (the object was linked into a shared library loaded after libc, or its symbol was not
///      exported), or libmicrohttpd's code was not found among the loaded objects;
///  -1  not built: a sanitizer build, whose runtime needs epoll_wait to itself, or a system without epoll.
int mockapi_epoll_drain_state(void);

#endif
