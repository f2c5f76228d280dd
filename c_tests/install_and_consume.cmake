# Installs the build to a temporary prefix and checks what a user gets: the
# installed shared library exports exactly the installed header's functions
# (no test hook), the onav command runs, and a separate project builds and
# runs against the prefix with find_package(onav CONFIG) (shared and static
# targets, and a C++ program through the installed onav.hpp) and, when
# pkg-config is present, with `pkg-config onav`.
# Usage: cmake -DBUILD_DIR=... -DCONSUMER_SOURCE=... -DWORK_DIR=...
#              -DC_COMPILER=... -DCXX_COMPILER=... -DGENERATOR=... -DCHECK_EXPORTS=...
#              -DSHARED_FILE=... -DCLI_FILE=... -DBUILD_CLI=ON|OFF
#              -P install_and_consume.cmake

set(_prefix "${WORK_DIR}/prefix")
set(_build "${WORK_DIR}/build")
file(REMOVE_RECURSE "${WORK_DIR}")

function(run)
  execute_process(COMMAND ${ARGV} COMMAND_ECHO STDOUT COMMAND_ERROR_IS_FATAL ANY)
endfunction()

run("${CMAKE_COMMAND}" --install "${BUILD_DIR}" --prefix "${_prefix}")
file(GLOB_RECURSE _installed RELATIVE "${_prefix}" LIST_DIRECTORIES false "${_prefix}/*")
list(SORT _installed)
string(JOIN "\n  " _listing ${_installed})
message(STATUS "installed:\n  ${_listing}")

file(GLOB _installed_library "${_prefix}/lib*/${SHARED_FILE}" "${_prefix}/lib/*/${SHARED_FILE}")
if(NOT _installed_library)
  message(FATAL_ERROR "no ${SHARED_FILE} under ${_prefix}/lib*")
endif()
run("${CMAKE_COMMAND}" "-DHEADER=${_prefix}/include/onav.h" "-DLIBRARY=${_installed_library}"
    "-DC_COMPILER=${C_COMPILER}" -DTEST_HOOKS=OFF -P "${CHECK_EXPORTS}")

if(BUILD_CLI)
  execute_process(COMMAND "${_prefix}/bin/${CLI_FILE}" --version
                  OUTPUT_VARIABLE _cli_version OUTPUT_STRIP_TRAILING_WHITESPACE COMMAND_ERROR_IS_FATAL ANY)
  message(STATUS "installed command: ${_cli_version}")
endif()
run("${CMAKE_COMMAND}" -S "${CONSUMER_SOURCE}" -B "${_build}" -G "${GENERATOR}"
    "-DCMAKE_PREFIX_PATH=${_prefix}" "-DCMAKE_C_COMPILER=${C_COMPILER}" "-DCMAKE_CXX_COMPILER=${CXX_COMPILER}")
run("${CMAKE_COMMAND}" --build "${_build}")
run("${_build}/consumer_shared")
run("${_build}/consumer_static")
run("${_build}/consumer_cpp")

find_program(PKG_CONFIG_EXECUTABLE pkg-config)
if(PKG_CONFIG_EXECUTABLE)
  file(GLOB _pc_dirs LIST_DIRECTORIES true "${_prefix}/lib*/pkgconfig" "${_prefix}/lib/*/pkgconfig")
  string(JOIN ":" _pc_path ${_pc_dirs})
  set(ENV{PKG_CONFIG_PATH} "${_pc_path}")
  execute_process(COMMAND "${PKG_CONFIG_EXECUTABLE}" --cflags --libs onav
                  OUTPUT_VARIABLE _flags OUTPUT_STRIP_TRAILING_WHITESPACE COMMAND_ERROR_IS_FATAL ANY)
  separate_arguments(_flags UNIX_COMMAND "${_flags}")
  run("${C_COMPILER}" -std=c11 -Wall -Wextra -Werror -pedantic "${CONSUMER_SOURCE}/consumer.c"
      -o "${WORK_DIR}/consumer_pkgconfig" ${_flags})
  list(FILTER _flags INCLUDE REGEX "^-L")
  list(TRANSFORM _flags REPLACE "^-L" "")
  string(JOIN ":" _library_path ${_flags})
  set(ENV{LD_LIBRARY_PATH} "${_library_path}")
  run("${WORK_DIR}/consumer_pkgconfig")
else()
  message(STATUS "pkg-config not found: the pkg-config consumer is skipped")
endif()
