// apple-check stand-in, part of the DarwinC module (see DarwinC.h for what and why). Headers that
// Apple annotates for nullability are kept apart from the ones it does not (unistd.h & co.), as in
// the SDK: clang's nullability-completeness warning is per file, and the Swift import differs.
#ifndef APPLE_CHECK_PTHREAD_H
#define APPLE_CHECK_PTHREAD_H
#include <stdint.h>

typedef unsigned long pthread_key_t;  // __darwin_pthread_key_t

#pragma clang assume_nonnull begin
// pthread.h
int pthread_key_create(pthread_key_t *, void (* _Nullable)(void *));
int pthread_setspecific(pthread_key_t , const void * _Nullable);
void* _Nullable pthread_getspecific(pthread_key_t);

#pragma clang assume_nonnull end
#endif // APPLE_CHECK_PTHREAD_H
