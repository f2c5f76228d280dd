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

onav_require_whole_surface(BINDING NativeMethods.cs VERB import MISSING "a DllImport"
                           USED_AS imported SCRIPT check_imports.cmake
                           DECLARED ${_declared} USED ${_imported} EXCLUDED ${_not_imported})
