# Every function onav.h declares has a DllImport in the .NET library's
# NativeMethods.cs (`static extern <type> onav_name(`, outside comments);
# this test fails, listing them, while a declared function has none. New C
# functions therefore fail it until they are imported or listed below.
# Usage: cmake -DHEADER=... -DNATIVE_METHODS=... -DC_COMPILER=... -P check_imports.cmake

# Functions deliberately left without an import, each with its reason.
set(_not_imported
  # The test hook exists only in the test-hook copy of the library
  # (ONAV_TEST_HOOKS) and only to panic inside it; users never call it.
  onav_debug_panic
)

# Declared functions: the header after the preprocessor, test hooks included,
# so the exclusion list is checked against them too.
include("${CMAKE_CURRENT_LIST_DIR}/../../c_tests/header_functions.cmake")
onav_header_functions(_declared "${HEADER}" "${C_COMPILER}" -DONAV_TEST_HOOKS)

file(READ "${NATIVE_METHODS}" _code)
string(REGEX REPLACE "//[^\n]*" "" _code "${_code}")
string(REGEX MATCHALL "static extern [A-Za-z0-9_]+ onav_[a-z0-9_]+\\(" _imports "${_code}")
set(_imported)
foreach(_import IN LISTS _imports)
  string(REGEX REPLACE "^.* (onav_[a-z0-9_]+)\\($" "\\1" _name "${_import}")
  list(APPEND _imported "${_name}")
endforeach()
list(REMOVE_DUPLICATES _imported)

set(_missing ${_declared})
list(REMOVE_ITEM _missing ${_imported} ${_not_imported})
set(_stale_exclusions ${_not_imported})
list(REMOVE_ITEM _stale_exclusions ${_declared})
set(_unknown ${_imported})
list(REMOVE_ITEM _unknown ${_declared})

list(LENGTH _declared _declared_count)
list(LENGTH _imported _imported_count)
list(LENGTH _not_imported _excluded_count)
if(_missing OR _stale_exclusions OR _unknown)
  string(JOIN "\n  " _missing_lines ${_missing})
  message(FATAL_ERROR "NativeMethods.cs does not import the whole C surface\n"
                      "  declared in onav.h without a DllImport (import them, or list them with a reason in check_imports.cmake):\n  ${_missing_lines}\n"
                      "  excluded but no longer declared: ${_stale_exclusions}\n"
                      "  imported but not declared: ${_unknown}")
endif()
message(STATUS "NativeMethods.cs imports ${_imported_count} of ${_declared_count} functions of onav.h; ${_excluded_count} excluded on purpose")
