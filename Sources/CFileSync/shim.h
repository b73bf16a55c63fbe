#ifndef MOCKAPI_CFILESYNC_SHIM_H
#define MOCKAPI_CFILESYNC_SHIM_H

// Linux's sync_file_range, which glibc declares only under _GNU_SOURCE (Swift's Glibc module is built without it):
// starting the writeback of a file's range, and waiting for it, without the disk cache flush of fsync.
#ifdef __linux__
#include <stdint.h>

int sync_file_range(int fd, int64_t offset, int64_t nbytes, unsigned int flags);

/// Starts writing the range back to disk and returns (SYNC_FILE_RANGE_WRITE).
static inline int mockapi_start_writeback(int fd, int64_t offset, int64_t count) {
    return sync_file_range(fd, offset, count, 2);
}

/// Writes the range back and waits until it is (SYNC_FILE_RANGE_WAIT_BEFORE | WRITE | WAIT_AFTER).
static inline int mockapi_wait_for_writeback(int fd, int64_t offset, int64_t count) {
    return sync_file_range(fd, offset, count, 1 | 2 | 4);
}
#endif

#endif
