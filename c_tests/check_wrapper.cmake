# Every function onav.h declares has a wrapper in onav.hpp: the C++ wrapper
# names each C function it calls as `::onav_name` (outside comments), and
# this test fails, listing them, while a declared function has none. New C
# functions therefore fail it until they are wrapped or listed below.
# Usage: cmake -DHEADER=... -DWRAPPER=... -DC_COMPILER=... -DCXX_COMPILER=... -P check_wrapper.cmake

# Functions deliberately left without a wrapper, each with its reason.
set(_not_wrapped
  # The test hook exists only in the test-hook copy of the library
  # (ONAV_TEST_HOOKS) and only to panic inside it; users never call it.
  onav_debug_panic
)

# Declared functions: the header after the preprocessor, test hooks included,
# so the exclusion list is checked against them too.
include("${CMAKE_CURRENT_LIST_DIR}/header_functions.cmake")
onav_header_functions(_declared "${HEADER}" "${C_COMPILER}" -DONAV_TEST_HOOKS)

# Wrapped functions: `::onav_name` in the wrapper with its comments removed
# (-fpreprocessed strips comments without expanding anything).
execute_process(COMMAND "${CXX_COMPILER}" -fpreprocessed -dD -E -P -x c++ "${WRAPPER}"
                OUTPUT_VARIABLE _code COMMAND_ERROR_IS_FATAL ANY)
string(REGEX MATCHALL "::onav_[a-z0-9_]+" _uses "${_code}")
set(_wrapped)
foreach(_use IN LISTS _uses)
  string(SUBSTRING "${_use}" 2 -1 _name)
  list(APPEND _wrapped "${_name}")
endforeach()
list(REMOVE_DUPLICATES _wrapped)

onav_require_whole_surface(BINDING onav.hpp VERB wrap MISSING "a wrapper"
                           USED_AS "called by the wrapper" SCRIPT check_wrapper.cmake
                           DECLARED ${_declared} USED ${_wrapped} EXCLUDED ${_not_wrapped})
