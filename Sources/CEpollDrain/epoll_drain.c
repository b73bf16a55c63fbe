// libmicrohttpd 0.9.75 (Debian 12's) drains its epoll set with
//
//     num_events = MAX_EVENTS;                       /* 128 */
//     while (MAX_EVENTS == num_events)
//         num_events = epoll_wait(epoll_fd, events, MAX_EVENTS, timeout_ms);
//
// and keeps the first call's timeout (the nearest connection timeout, 30 s by default) for the calls after it. When a
// wait returns exactly 128 events and nothing else is ready, the next call sleeps for that whole timeout with the 128
// connections' requests read from epoll but not served: a burst of 256 keep-alive connections split 128/128 between
// two workers stalled both for 30 s (daemon.c, MHD_epoll; seen in gdb with num_events == 128 in both workers).
//
// The mend: epoll_wait, defined here, is the one libmicrohttpd's calls reach (the executable's definition comes
// first in the dynamic linker's lookup, and the linker exports it because libmicrohttpd refers to it). A wait right
// after one that filled the caller's whole array, on the same thread and epoll instance, does not block: the caller
// is draining a queue, and whatever it drains next is already there. Every other wait is libc's, unchanged, so other
// callers in the process (libdispatch, SwiftNIO) see at most one early return after a full batch, which an event loop
// takes as a wake-up with nothing new.
#include "CEpollDrain.h"

#if !defined(__linux__)
#define MOCKAPI_EPOLL_DRAIN_LEFT_OUT 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer) || __has_feature(address_sanitizer)
#define MOCKAPI_EPOLL_DRAIN_LEFT_OUT 1
#endif
#endif

#ifndef MOCKAPI_EPOLL_DRAIN_LEFT_OUT

#include <dlfcn.h>
#include <stddef.h>

/// The epoll instance whose last wait on this thread filled the caller's array, or -1.
static _Thread_local int mockapi_drained_epoll = -1;

int epoll_wait(int epoll, struct epoll_event *events, int capacity, int timeout) {
    if (epoll == mockapi_drained_epoll) timeout = 0;
    // epoll_pwait with no signal mask is epoll_wait (epoll_pwait(2)), and reaches libc without a lookup.
    int count = epoll_pwait(epoll, events, capacity, timeout, NULL);
    mockapi_drained_epoll = (count > 0 && count == capacity) ? epoll : -1;
    return count;
}

int mockapi_epoll_drain_state(void) {
    return dlsym(RTLD_DEFAULT, "epoll_wait") == (void *)epoll_wait ? 1 : 0;
}

#else

int mockapi_epoll_drain_state(void) {
    return -1;
}

#endif
