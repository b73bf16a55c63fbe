#ifndef MOCKAPI_CEPOLLDRAIN_H
#define MOCKAPI_CEPOLLDRAIN_H

// libmicrohttpd 0.9.75's epoll loop, mended from outside (see epoll_drain.c): epoll_wait, declared by sys/epoll.h
// (which Swift's Glibc module leaves out), defined in this module.
#if defined(__linux__)
#include <sys/epoll.h>
#endif

/// Whether the mend is what libmicrohttpd's calls to epoll_wait reach in this process:
///   1  they reach it;
///   0  they reach libc's: the object was linked into a shared library loaded after libc, or its symbol not exported;
///  -1  not built: a sanitizer build, whose runtime needs epoll_wait to itself, or a system without epoll.
int mockapi_epoll_drain_state(void);

#endif
