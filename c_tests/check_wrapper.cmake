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

set(_missing ${_declared})
list(REMOVE_ITEM _missing ${_wrapped} ${_not_wrapped})
set(_stale_exclusions ${_not_wrapped})
list(REMOVE_ITEM _stale_exclusions ${_declared})
set(_unknown ${_wrapped})
list(REMOVE_ITEM _unknown ${_declared})

list(LENGTH _declared _declared_count)
list(LENGTH _wrapped _wrapped_count)
list(LENGTH _not_wrapped _excluded_count)
if(_missing OR _stale_exclusions OR _unknown)
  string(JOIN "\n  " _missing_lines ${_missing})
  message(FATAL_ERROR "onav.hpp does not wrap the whole C surface\n"
                      "  declared in onav.h without a wrapper (wrap them, or list them with a reason in check_wrapper.cmake):\n  ${_missing_lines}\n"
                      "  excluded but no longer declared: ${_stale_exclusions}\n"
                      "  called by the wrapper but not declared: ${_unknown}")
endif()
message(STATUS "onav.hpp wraps ${_wrapped_count} of ${_declared_count} functions of onav.h; ${_excluded_count} excluded on purpose")
