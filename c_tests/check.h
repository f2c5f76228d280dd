/*
 * Check helpers for the C tests: counted checks that report file and line,
 * and failure checks that verify the returned status, the filled OnavError
 * (status, NUL-terminated UTF-8 message) and, optionally, a word of the
 * message. Include once per test program.
 */
#ifndef ONAV_C_TESTS_CHECK_H
#define ONAV_C_TESTS_CHECK_H

#include "onav.h"

#include <stdio.h>
#include <string.h>

static int checks_passed;
static int checks_failed;

#define CHECK(cond) check((cond), #cond, __FILE__, __LINE__)
#define CHECK_OK(call) check((call) == ONAV_OK, #call, __FILE__, __LINE__)
#define CHECK_FAILS(call, status, err, needle) check_failure((call), (status), (err), (needle), __FILE__, __LINE__)
/* `call` fails as CHECK_FAILS does and clears the output variable `out` (a
 * handle to NULL, a count to 0), which held `stale` just before: a failed
 * call never leaves a stale handle or count behind. */
#define CHECK_FAILS_CLEARS(out, stale, call, status, err, needle) \
    do { \
        (out) = (stale); \
        CHECK_FAILS(call, status, err, needle); \
        CHECK((out) == 0); \
    } while (0)

static inline void check(int ok, const char *what, const char *file, int line) {
    if (ok) {
        checks_passed++;
    } else {
        checks_failed++;
        fprintf(stderr, "%s:%d: check failed: %s\n", file, line, what);
    }
}

/* A NUL inside the array, and well-formed UTF-8 before it. */
static inline int message_is_terminated_utf8(const OnavError *err) {
    const unsigned char *m = (const unsigned char *)err->message;
    const unsigned char *end = memchr(m, 0, ONAV_ERROR_MESSAGE_LEN);
    if (end == NULL) {
        return 0;
    }
    while (m < end) {
        int continuation = *m < 0x80 ? 0 : (*m & 0xE0) == 0xC0 ? 1 : (*m & 0xF0) == 0xE0 ? 2 : (*m & 0xF8) == 0xF0 ? 3 : -1;
        if (continuation < 0 || end - m <= continuation) {
            return 0;
        }
        for (int i = 1; i <= continuation; i++) {
            if ((m[i] & 0xC0) != 0x80) {
                return 0;
            }
        }
        m += continuation + 1;
    }
    return 1;
}

/* The call failed with `status`, and `err` says so. */
static inline void check_failure(int32_t got, int32_t status, const OnavError *err, const char *needle, const char *file, int line) {
    char what[200];
    snprintf(what, sizeof what, "status %s, expected %s", onav_status_name(got), onav_status_name(status));
    check(got == status, what, file, line);
    check(err->status == status, "err->status equals the returned status", file, line);
    check(message_is_terminated_utf8(err), "err->message is NUL-terminated UTF-8", file, line);
    if (needle != NULL) {
        snprintf(what, sizeof what, "message mentions \"%s\": %.100s", needle, err->message);
        check(strstr(err->message, needle) != NULL, what, file, line);
    }
}

/* An error struct full of garbage, so a test sees what a call filled in. */
static inline OnavError fresh_error(void) {
    OnavError err;
    memset(&err, 0x5A, sizeof err);
    return err;
}

#endif /* ONAV_C_TESTS_CHECK_H */
