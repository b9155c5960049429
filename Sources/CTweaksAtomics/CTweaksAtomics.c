// The header's functions are `static inline`; this file holds the lock's slow paths.
#include "CTweaksAtomics.h"

#if defined(__linux__)
#include <linux/futex.h>
#include <sys/syscall.h>
#include <unistd.h>

void tweaks_lock_wait(uint32_t *word) {
    // Marks the lock awaited (2) while taking it, so that its holder wakes a sleeper on unlock;
    // sleeps while it is held. A spurious wake-up or a changed word only loops again.
    while (__atomic_exchange_n(word, 2, __ATOMIC_ACQUIRE) != 0) {
        syscall(SYS_futex, word, FUTEX_WAIT_PRIVATE, 2, NULL, NULL, 0);
    }
}

void tweaks_lock_wake(uint32_t *word) {
    syscall(SYS_futex, word, FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0);
}
#endif
