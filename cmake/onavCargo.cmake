# Runs cargo to build libonav and imports the results as onav::onav (shared)
# and onav::onav_static. No Corrosion and nothing fetched: cargo is the
# build tool and decides what is stale, so the build step always runs it.
#
# The artifacts are staged into ${ONAV_STAGE_DIR} under their installed
# names (libonav.so.X.Y.Z, libonav.so.X -> , libonav.so -> , libonav.a), so
# programs linked in the build tree find the SONAME at run time.

find_program(CARGO_EXECUTABLE cargo HINTS "$ENV{CARGO_HOME}/bin" "$ENV{HOME}/.cargo/bin" REQUIRED)
find_package(Threads REQUIRED)

set(ONAV_CARGO_TARGET_DIR "${PROJECT_SOURCE_DIR}/target" CACHE PATH
    "Cargo target directory; the default shares the repository's target/ with plain cargo builds")
set(ONAV_STAGE_DIR "${PROJECT_BINARY_DIR}/lib")

set(ONAV_SONAME "libonav.so.${PROJECT_VERSION_MAJOR}")
set(ONAV_SHARED_FILE "libonav.so.${PROJECT_VERSION}")
# What `cargo rustc --print native-static-libs` lists for Linux (gcc_s and c
# come with the compiler driver).
set(ONAV_NATIVE_STATIC_LIBS Threads::Threads dl m rt util)
set(ONAV_PC_LIBS_PRIVATE "-lpthread -ldl -lm -lrt -lutil")

set(_onav_cargo_out "${ONAV_CARGO_TARGET_DIR}/release")
# The soname is a linker argument of the cdylib only; `cargo rustc` passes
# the flags to this crate alone, so dependencies keep their cached builds.
set(_onav_rustc_flags "-Clink-arg=-Wl,-soname,${ONAV_SONAME}")
if(ONAV_TEST_HOOKS)
  list(APPEND _onav_rustc_flags --cfg onav_test_hooks)
endif()

add_custom_target(onav_cargo_build ALL
  COMMAND "${CARGO_EXECUTABLE}" rustc --release --locked --lib
          --manifest-path "${PROJECT_SOURCE_DIR}/Cargo.toml"
          --target-dir "${ONAV_CARGO_TARGET_DIR}"
          -- ${_onav_rustc_flags}
  COMMAND "${CMAKE_COMMAND}" -E make_directory "${ONAV_STAGE_DIR}"
  COMMAND "${CMAKE_COMMAND}" -E copy_if_different "${_onav_cargo_out}/libonav.so" "${ONAV_STAGE_DIR}/${ONAV_SHARED_FILE}"
  COMMAND "${CMAKE_COMMAND}" -E create_symlink "${ONAV_SHARED_FILE}" "${ONAV_STAGE_DIR}/${ONAV_SONAME}"
  COMMAND "${CMAKE_COMMAND}" -E create_symlink "${ONAV_SONAME}" "${ONAV_STAGE_DIR}/libonav.so"
  COMMAND "${CMAKE_COMMAND}" -E copy_if_different "${_onav_cargo_out}/libonav.a" "${ONAV_STAGE_DIR}/libonav.a"
  BYPRODUCTS "${ONAV_STAGE_DIR}/${ONAV_SHARED_FILE}" "${ONAV_STAGE_DIR}/libonav.a"
  WORKING_DIRECTORY "${PROJECT_SOURCE_DIR}"
  COMMENT "cargo rustc --release: libonav"
  USES_TERMINAL
  VERBATIM)

set(_onav_include_dir "${PROJECT_SOURCE_DIR}/include")

add_library(onav::onav SHARED IMPORTED GLOBAL)
set_target_properties(onav::onav PROPERTIES
  IMPORTED_LOCATION "${ONAV_STAGE_DIR}/${ONAV_SHARED_FILE}"
  IMPORTED_SONAME "${ONAV_SONAME}"
  INTERFACE_INCLUDE_DIRECTORIES "${_onav_include_dir}")
add_dependencies(onav::onav onav_cargo_build)

add_library(onav::onav_static STATIC IMPORTED GLOBAL)
set_target_properties(onav::onav_static PROPERTIES
  IMPORTED_LOCATION "${ONAV_STAGE_DIR}/libonav.a"
  INTERFACE_INCLUDE_DIRECTORIES "${_onav_include_dir}"
  INTERFACE_COMPILE_DEFINITIONS ONAV_STATIC
  INTERFACE_LINK_LIBRARIES "${ONAV_NATIVE_STATIC_LIBS}")
add_dependencies(onav::onav_static onav_cargo_build)
