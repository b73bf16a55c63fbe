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
// first in the dynamic linker's lookup, and the linker exports it because libmicrohttpd refers to it). A call from
// libmicrohttpd's code goes to mockapi_epoll_drain_wait: a wait right after one that filled the caller's whole array,
// on the same thread and epoll instance, does not block, because the caller is draining a queue and whatever it
// drains next is already there. Every other caller in the process (libdispatch, SwiftNIO, a test's own code) gets
// libc's epoll_wait, unchanged.
#define _GNU_SOURCE
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
#include <link.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

/// The epoll instance whose last wait on this thread filled the caller's array, or -1.
static _Thread_local int mockapi_drained_epoll = -1;

int mockapi_epoll_drain_wait(int epoll, struct epoll_event *events, int capacity, int timeout) {
    if (epoll == mockapi_drained_epoll) timeout = 0;
    // epoll_pwait with no signal mask is epoll_wait (epoll_pwait(2)), and reaches libc without a lookup.
    int count = epoll_pwait(epoll, events, capacity, timeout, NULL);
    mockapi_drained_epoll = (count > 0 && count == capacity) ? epoll : -1;
    return count;
}

/// libmicrohttpd's code in memory, [start, end): found at load, before main and before any thread of the process
/// runs; empty when libmicrohttpd is not loaded.
static uintptr_t mockapi_mhd_code_start, mockapi_mhd_code_end;

static int mockapi_find_mhd_code(struct dl_phdr_info *info, size_t size, void *unused) {
    (void)size;
    (void)unused;
    if (info->dlpi_name == NULL || strstr(info->dlpi_name, "libmicrohttpd") == NULL) return 0;
    for (int index = 0; index < info->dlpi_phnum; index++) {
        const ElfW(Phdr) *segment = &info->dlpi_phdr[index];
        if (segment->p_type == PT_LOAD && (segment->p_flags & PF_X)) {
            mockapi_mhd_code_start = info->dlpi_addr + segment->p_vaddr;
            mockapi_mhd_code_end = mockapi_mhd_code_start + segment->p_memsz;
            return 1;
        }
    }
    return 0;
}

// A constructor runs once the objects the program was linked against (libmicrohttpd among them) are in memory.
__attribute__((constructor)) static void mockapi_find_mhd(void) {
    dl_iterate_phdr(mockapi_find_mhd_code, NULL);
}

int epoll_wait(int epoll, struct epoll_event *events, int capacity, int timeout) {
    uintptr_t caller = (uintptr_t)__builtin_return_address(0);
    if (caller - mockapi_mhd_code_start < mockapi_mhd_code_end - mockapi_mhd_code_start)
        return mockapi_epoll_drain_wait(epoll, events, capacity, timeout);
    return epoll_pwait(epoll, events, capacity, timeout, NULL);
}

int mockapi_epoll_drain_state(void) {
    int reached = dlsym(RTLD_DEFAULT, "epoll_wait") == (void *)epoll_wait;
    return reached && mockapi_mhd_code_end > mockapi_mhd_code_start ? 1 : 0;
}

#else

int mockapi_epoll_drain_wait(int epoll, struct epoll_event *events, int capacity, int timeout) {
    (void)epoll;
    (void)events;
    (void)capacity;
    (void)timeout;
    return -1;
}

int mockapi_epoll_drain_state(void) {
    return -1;
}

#endif
