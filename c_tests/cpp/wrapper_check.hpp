// Check helpers for the C++ wrapper tests: counted checks reporting file and
// line, a check that a call throws one exception type with the status and a
// word of the message, and the C ABI's own two-call size negotiation, so a
// test can compare a wrapper's std::vector with what a C caller gets.
#ifndef ONAV_CPP_TESTS_WRAPPER_CHECK_HPP
#define ONAV_CPP_TESTS_WRAPPER_CHECK_HPP

#include "onav.hpp"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <typeinfo>
#include <vector>

namespace wrapper_test {

inline int passed = 0;
inline int failed = 0;

inline void check(bool ok, const char* what, const char* file, int line) {
    if (ok) {
        passed++;
    } else {
        failed++;
        std::fprintf(stderr, "%s:%d: check failed: %s\n", file, line, what);
    }
}

/// `call` throws exactly an `E` (or a subclass) carrying `status`, whose
/// message mentions `needle` (when given) and is its what().
template <class E, class Call>
void check_throws(Call call, std::int32_t status, const char* needle, const char* what, const char* file, int line) {
    try {
        call();
        check(false, what, file, line);
        std::fprintf(stderr, "  (no exception)\n");
    } catch (const E& e) {
        const onav::Error& error = e;
        check(error.status() == status, "exception status", file, line);
        check(std::strcmp(error.message(), e.what()) == 0, "message() is what()", file, line);
        if (needle != nullptr && std::strstr(error.message(), needle) == nullptr) {
            check(false, what, file, line);
            std::fprintf(stderr, "  message \"%s\" does not mention \"%s\"\n", error.message(), needle);
        }
    } catch (const std::exception& e) {
        check(false, what, file, line);
        std::fprintf(stderr, "  threw %s: %s\n", typeid(e).name(), e.what());
    }
}

/// What a C caller does: ask for the size with a NULL buffer, allocate,
/// ask again. `fill(buf, cap, &len, &err)` calls the C function.
template <class T, class Fill>
std::vector<T> c_two_call(Fill fill) {
    std::size_t len = 0;
    OnavError err;
    std::int32_t status = fill(nullptr, 0, &len, &err);
    std::vector<T> out(len);
    if (status == ONAV_E_BUFFER_TOO_SMALL) {
        status = fill(out.data(), out.size(), &len, &err);
    }
    check(status == ONAV_OK, "the C two-call negotiation succeeds", __FILE__, __LINE__);
    out.resize(len);
    return out;
}

inline bool same_point(onav::DVec3 a, onav::DVec3 b) { return a.x == b.x && a.y == b.y && a.z == b.z; }

inline int report() {
    std::printf("%d passed, %d failed\n", passed, failed);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

}  // namespace wrapper_test

#define CHECK(cond) wrapper_test::check((cond), #cond, __FILE__, __LINE__)
/// The statement(s) throw an `E` with `status`, mentioning `needle`.
#define CHECK_THROWS(E, status, needle, ...) \
    wrapper_test::check_throws<E>([&] { __VA_ARGS__; }, (status), (needle), #__VA_ARGS__, __FILE__, __LINE__)

#endif  // ONAV_CPP_TESTS_WRAPPER_CHECK_HPP
