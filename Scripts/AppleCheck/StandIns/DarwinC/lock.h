// apple-check stand-in, part of the DarwinC module (see DarwinC.h for what and why). Headers that
// Apple annotates for nullability are kept apart from the ones it does not (unistd.h & co.), as in
// the SDK: clang's nullability-completeness warning is per file, and the Swift import differs.
#ifndef APPLE_CHECK_LOCK_H
#define APPLE_CHECK_LOCK_H
#include <stdint.h>

#pragma clang assume_nonnull begin
// os/lock.h (OS_UNFAIR_LOCK_AVAILABILITY: macOS 10.12, iOS 10.0)
typedef struct os_unfair_lock_s { uint32_t _os_unfair_lock_opaque; } os_unfair_lock, *os_unfair_lock_t;
__attribute__((availability(macos, introduced=10.12))) __attribute__((availability(ios, introduced=10.0)))
void os_unfair_lock_lock(os_unfair_lock_t lock);
__attribute__((availability(macos, introduced=10.12))) __attribute__((availability(ios, introduced=10.0)))
_Bool os_unfair_lock_trylock(os_unfair_lock_t lock);
__attribute__((availability(macos, introduced=10.12))) __attribute__((availability(ios, introduced=10.0)))
void os_unfair_lock_unlock(os_unfair_lock_t lock);
#pragma clang assume_nonnull end
#endif // APPLE_CHECK_LOCK_H
