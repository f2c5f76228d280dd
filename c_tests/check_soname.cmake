# The shared library carries the SONAME the package installs it under.
# Usage: cmake -DLIBRARY=... -DSONAME=libonav.so.N -P check_soname.cmake

find_program(READELF_EXECUTABLE readelf REQUIRED)
execute_process(COMMAND "${READELF_EXECUTABLE}" -d "${LIBRARY}"
                OUTPUT_VARIABLE _dynamic COMMAND_ERROR_IS_FATAL ANY)
string(REGEX MATCH "Library soname: \\[([^]]*)\\]" _match "${_dynamic}")
if(NOT CMAKE_MATCH_1 STREQUAL SONAME)
  message(FATAL_ERROR "${LIBRARY}: SONAME is '${CMAKE_MATCH_1}', expected '${SONAME}'")
endif()
message(STATUS "SONAME ${CMAKE_MATCH_1}")
