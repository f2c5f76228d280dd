# The functions the shared library exports (nm -D --defined-only) are
# exactly the functions the header declares (after the preprocessor, so
# ONAV_TEST_HOOKS-only declarations count only in test-hook builds).
# Usage: cmake -DHEADER=... -DLIBRARY=... -DC_COMPILER=... -DTEST_HOOKS=ON|OFF -P check_exports.cmake

find_program(NM_EXECUTABLE nm REQUIRED)

set(_defines)
if(TEST_HOOKS)
  set(_defines -DONAV_TEST_HOOKS)
endif()
include("${CMAKE_CURRENT_LIST_DIR}/header_functions.cmake")
onav_header_functions(_declared "${HEADER}" "${C_COMPILER}" ${_defines})

execute_process(COMMAND "${NM_EXECUTABLE}" -D --defined-only "${LIBRARY}"
                OUTPUT_VARIABLE _symbols COMMAND_ERROR_IS_FATAL ANY)
string(REGEX MATCHALL "[0-9a-f]+ T onav_[a-z0-9_]+" _lines "${_symbols}")
set(_exported)
foreach(_line IN LISTS _lines)
  string(REGEX REPLACE "^.* T " "" _name "${_line}")
  list(APPEND _exported "${_name}")
endforeach()
list(SORT _exported)

# Anything else the library exports must not look like part of the API.
string(REGEX MATCHALL "[0-9a-f]+ [TDB] [Oo][Nn][Aa][Vv][A-Za-z0-9_]*" _all_onav "${_symbols}")
list(LENGTH _all_onav _all_count)
list(LENGTH _exported _count)

if(NOT _declared STREQUAL _exported OR NOT _all_count EQUAL _count)
  message(FATAL_ERROR "exported symbols differ from the header's functions\n"
                      "  header:   ${_declared}\n  library:  ${_exported}\n  all onav-like symbols: ${_all_onav}")
endif()
list(LENGTH _declared _declared_count)
message(STATUS "${_declared_count} functions: header declarations == exported symbols")
