# Install rules: header, both libraries (with the soname symlinks), the
# CMake package (onavConfig.cmake + version file) and onav.pc. Both package
# files are relocatable, so `cmake --install --prefix` anywhere works.

include(CMakePackageConfigHelpers)

set(ONAV_CMAKE_INSTALL_DIR "${CMAKE_INSTALL_LIBDIR}/cmake/onav")

install(FILES "${PROJECT_SOURCE_DIR}/include/onav.h" DESTINATION "${CMAKE_INSTALL_INCLUDEDIR}")
install(FILES
  "${ONAV_STAGE_DIR}/${ONAV_SHARED_FILE}"
  "${ONAV_STAGE_DIR}/${ONAV_SONAME}"
  "${ONAV_STAGE_DIR}/libonav.so"
  "${ONAV_STAGE_DIR}/libonav.a"
  DESTINATION "${CMAKE_INSTALL_LIBDIR}")

configure_package_config_file(
  "${CMAKE_CURRENT_LIST_DIR}/onavConfig.cmake.in"
  "${PROJECT_BINARY_DIR}/onavConfig.cmake"
  INSTALL_DESTINATION "${ONAV_CMAKE_INSTALL_DIR}"
  PATH_VARS CMAKE_INSTALL_INCLUDEDIR CMAKE_INSTALL_LIBDIR)
# 0.x releases may break the ABI on every minor version.
write_basic_package_version_file(
  "${PROJECT_BINARY_DIR}/onavConfigVersion.cmake"
  COMPATIBILITY SameMinorVersion)
install(FILES "${PROJECT_BINARY_DIR}/onavConfig.cmake" "${PROJECT_BINARY_DIR}/onavConfigVersion.cmake"
  DESTINATION "${ONAV_CMAKE_INSTALL_DIR}")

# pkg-config finds the prefix from the .pc file's own location.
file(RELATIVE_PATH ONAV_PC_PREFIX_FROM_PCFILEDIR
  "/${CMAKE_INSTALL_LIBDIR}/pkgconfig" "/")
configure_file("${CMAKE_CURRENT_LIST_DIR}/onav.pc.in" "${PROJECT_BINARY_DIR}/onav.pc" @ONLY)
install(FILES "${PROJECT_BINARY_DIR}/onav.pc" DESTINATION "${CMAKE_INSTALL_LIBDIR}/pkgconfig")
