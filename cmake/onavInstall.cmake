# Install rules: header (and the C++ wrapper onav.hpp), both libraries (with the soname links), the CMake
# package (onavConfig.cmake + version file), onav.pc, and the `onav`
# command. Both package files are relocatable, so `cmake --install
# --prefix` anywhere works. Components: `runtime` (the shared library),
# `development` (header, static library, package files), `cli` (the
# command); a plain `cmake --install` installs all three. The test-hook
# copy of the library (ONAV_TEST_HOOKS) is never installed.

include(CMakePackageConfigHelpers)

set(ONAV_CMAKE_INSTALL_DIR "${CMAKE_INSTALL_LIBDIR}/cmake/onav")
# Where the shared library goes: a DLL beside the programs (bin/), with its
# import library in lib/; elsewhere lib/.
if(WIN32)
  set(ONAV_SHARED_INSTALL_DIR "${CMAKE_INSTALL_BINDIR}")
else()
  set(ONAV_SHARED_INSTALL_DIR "${CMAKE_INSTALL_LIBDIR}")
endif()

install(FILES "${PROJECT_SOURCE_DIR}/include/onav.h" DESTINATION "${CMAKE_INSTALL_INCLUDEDIR}" COMPONENT development)
# The header-only C++ wrapper sits beside the C header it includes.
install(FILES "${PROJECT_SOURCE_DIR}/include/onav.hpp" DESTINATION "${CMAKE_INSTALL_INCLUDEDIR}" COMPONENT development)

set(_onav_shared_files "${ONAV_STAGE_DIR}/${ONAV_SHARED_FILE}")
foreach(_pair IN LISTS ONAV_SHARED_LINKS)
  string(REPLACE "=" ";" _pair "${_pair}")
  list(GET _pair 0 _link)
  list(APPEND _onav_shared_files "${ONAV_STAGE_DIR}/${_link}")
endforeach()
install(FILES ${_onav_shared_files} DESTINATION "${ONAV_SHARED_INSTALL_DIR}" COMPONENT runtime)
install(FILES "${ONAV_STAGE_DIR}/${ONAV_STATIC_FILE}" DESTINATION "${CMAKE_INSTALL_LIBDIR}" COMPONENT development)
if(ONAV_IMPLIB_FILE)
  install(FILES "${ONAV_STAGE_DIR}/${ONAV_IMPLIB_FILE}" DESTINATION "${CMAKE_INSTALL_LIBDIR}" COMPONENT development)
endif()
if(ONAV_BUILD_CLI)
  install(PROGRAMS "${ONAV_CLI_STAGED}" DESTINATION "${CMAKE_INSTALL_BINDIR}" COMPONENT cli)
endif()

configure_package_config_file(
  "${CMAKE_CURRENT_LIST_DIR}/onavConfig.cmake.in"
  "${PROJECT_BINARY_DIR}/onavConfig.cmake"
  INSTALL_DESTINATION "${ONAV_CMAKE_INSTALL_DIR}"
  PATH_VARS CMAKE_INSTALL_INCLUDEDIR CMAKE_INSTALL_LIBDIR ONAV_SHARED_INSTALL_DIR)
# The ABI rule of README "Versioning": 0.x minors may change it, so a 0.x
# package only satisfies requests for its own minor; from 1.0 on, its major.
write_basic_package_version_file(
  "${PROJECT_BINARY_DIR}/onavConfigVersion.cmake"
  COMPATIBILITY ${ONAV_PACKAGE_COMPATIBILITY})
install(FILES "${PROJECT_BINARY_DIR}/onavConfig.cmake" "${PROJECT_BINARY_DIR}/onavConfigVersion.cmake"
  DESTINATION "${ONAV_CMAKE_INSTALL_DIR}" COMPONENT development)

# pkg-config finds the prefix from the .pc file's own location.
file(RELATIVE_PATH ONAV_PC_PREFIX_FROM_PCFILEDIR
  "/${CMAKE_INSTALL_LIBDIR}/pkgconfig" "/")
configure_file("${CMAKE_CURRENT_LIST_DIR}/onav.pc.in" "${PROJECT_BINARY_DIR}/onav.pc" @ONLY)
install(FILES "${PROJECT_BINARY_DIR}/onav.pc" DESTINATION "${CMAKE_INSTALL_LIBDIR}/pkgconfig" COMPONENT development)
