// Tells ThreadSanitizer about Synchronization.Mutex's slow paths on Linux; preloaded by `scripts/sanitize thread`.
//
// Mutex (Swift 6.3, LinuxImpl.swift) locks and unlocks with an atomic compare-exchange inlined into the caller, which
// ThreadSanitizer sees; but when the lock is contended it calls _lockSlow / _unlockSlow in libswiftSynchronization.so,
// which is not instrumented, and the kernel hands the lock over (FUTEX_LOCK_PI / FUTEX_UNLOCK_PI). ThreadSanitizer then
// sees no synchronisation between two holders of the lock and reports a race on whatever the lock protects: a plain
// Mutex<[Int]> appended to by four threads is enough. These wrappers replace the two functions, call the real ones,
// and report the acquire and release on the lock's address, the same address the inlined atomics use.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

// Weak: the library is preloaded into every process of the test run, `swift test` itself included, which is not built
// with ThreadSanitizer; there the annotations are absent and the wrappers only call through.
void __tsan_acquire(void *address) __attribute__((weak));
void __tsan_release(void *address) __attribute__((weak));

#define SWIFTCALL __attribute__((swiftcall))
#define SWIFT_SELF __attribute__((swift_context))   // Swift's self register (LLVM swiftself)

typedef SWIFTCALL void (*lock_slow_fn)(uint32_t self_id, void *SWIFT_SELF handle);
typedef SWIFTCALL void (*unlock_slow_fn)(void *SWIFT_SELF handle);

static void *original(const char *name) {
    void *function = dlsym(RTLD_NEXT, name);
    if (function == NULL) {
        fprintf(stderr, "tsan_mutex: %s not found in libswiftSynchronization.so (another Swift version?)\n", name);
        abort();
    }
    return function;
}

// _MutexHandle._lockSlow(_ selfId: UInt32): the handle is passed by address, as `self`.
SWIFTCALL void mockapi_tsan_lock_slow(uint32_t self_id, void *SWIFT_SELF handle)
    __asm__("$s15Synchronization12_MutexHandleV9_lockSlowyys6UInt32VF");
SWIFTCALL void mockapi_tsan_lock_slow(uint32_t self_id, void *SWIFT_SELF handle) {
    static lock_slow_fn real;
    if (real == NULL) real = (lock_slow_fn)original("$s15Synchronization12_MutexHandleV9_lockSlowyys6UInt32VF");
    real(self_id, handle);
    if (__tsan_acquire != NULL) __tsan_acquire(handle);
}

// _MutexHandle._unlockSlow()
SWIFTCALL void mockapi_tsan_unlock_slow(void *SWIFT_SELF handle) __asm__("$s15Synchronization12_MutexHandleV11_unlockSlowyyF");
SWIFTCALL void mockapi_tsan_unlock_slow(void *SWIFT_SELF handle) {
    static unlock_slow_fn real;
    if (real == NULL) real = (unlock_slow_fn)original("$s15Synchronization12_MutexHandleV11_unlockSlowyyF");
    if (__tsan_release != NULL) __tsan_release(handle);
    real(handle);
}
