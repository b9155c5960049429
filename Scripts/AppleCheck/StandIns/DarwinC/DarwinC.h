// apple-check stand-in for the C declarations of Apple's `Darwin` module that Tweaks uses, written
// as Apple's headers declare them (macOS 26 / iOS 26 SDKs of Xcode 26): libpthread pthread.h,
// libplatform os/lock.h, xnu sys/fcntl.h and sys/errno.h, Libc unistd.h, stdio.h, string.h,
// signal.h, stdlib.h. Only what Tweaks uses; type-checking only, never linked.
// Add a declaration here (copied from the SDK header, with its availability macro spelled out as
// __attribute__((availability(...)))) when the library starts using it.
#ifndef APPLE_CHECK_DARWINC_H
#define APPLE_CHECK_DARWINC_H
#include <stdint.h>
#include <stddef.h>

typedef long ssize_t;                 // __darwin_ssize_t
typedef unsigned short mode_t;        // __darwin_mode_t is __uint16_t

#include "pthread.h"
#include "lock.h"

// unistd.h, stdio.h, string.h, sys/stat.h
int fchmod(int, mode_t);
ssize_t write(int __fd, const void * __buf, size_t __nbyte);
int fsync(int);
int rename(const char *__old, const char *__new);
int unlink(const char *);
int close(int);
char *strerror(int __errnum);
int memcmp(const void *__s1, const void *__s2, size_t __n);

// sys/errno.h: `errno` is a macro over __error(); the Darwin overlay (Darwin.swift) wraps it.
extern int * __error(void);
#define EINTR 4

// sys/fcntl.h. open() and fcntl() are variadic, which Swift cannot import: the Darwin overlay
// declares Swift wrappers for them (Darwin.swift).
int open(const char *, int, ...);
int fcntl(int, int, ...);
#define O_WRONLY   0x0001
#define O_CREAT    0x00000200
#define O_EXCL     0x00000800
#define O_CLOEXEC  0x01000000
#define F_FULLFSYNC 51   /* fsync + ask the drive to flush to the permanent storage */

// signal.h, stdlib.h
typedef void (*sig_t) (int);
#define SIGPIPE 13
#define SIG_IGN (void (*)(int))1
void (*signal(int, void (*)(int)))(int);
void exit(int) __attribute__((__noreturn__));
#endif // APPLE_CHECK_DARWINC_H
