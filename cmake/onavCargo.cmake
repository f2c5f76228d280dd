# Runs cargo to build libonav and imports the results as onav::onav (shared)
# and onav::onav_static. No Corrosion and nothing fetched: cargo is the
# build tool and decides what is stale, so the build step always runs it.
#
# The artifacts are staged into ${ONAV_STAGE_DIR} under their installed
# names (onavNames.cmake), so programs linked in the build tree find the
# SONAME at run time. With ONAV_BUILD_CLI the `onav` command is built too
# and staged into ${PROJECT_BINARY_DIR}/bin.
#
# With ONAV_TEST_HOOKS a second copy of the library, compiled with the
# onav_debug_panic test hook in its own cargo target directory, is staged
# into ${ONAV_TEST_HOOKS_STAGE_DIR} as onav::onav_test_hooks and
# onav::onav_test_hooks_static. Only tests link it; nothing installs it.

find_program(CARGO_EXECUTABLE cargo HINTS "$ENV{CARGO_HOME}/bin" "$ENV{HOME}/.cargo/bin" REQUIRED)
find_package(Threads REQUIRED)
include(onavNames)

set(ONAV_CARGO_TARGET_DIR "${PROJECT_SOURCE_DIR}/target" CACHE PATH
    "Cargo target directory; the default shares the repository's target/ with plain cargo builds")
set(ONAV_STAGE_DIR "${PROJECT_BINARY_DIR}/lib")
set(ONAV_TEST_HOOKS_STAGE_DIR "${PROJECT_BINARY_DIR}/test-hooks/lib")
set(ONAV_CLI_STAGED "${PROJECT_BINARY_DIR}/bin/${ONAV_CLI_FILE}")
set(_onav_include_dir "${PROJECT_SOURCE_DIR}/include")

# The commands that copy cargo's outputs from `cargo_out` into `stage`
# under their installed names, appended to the list `out_var`.
function(onav_stage_commands out_var cargo_out stage)
  set(_commands
    COMMAND "${CMAKE_COMMAND}" -E make_directory "${stage}"
    COMMAND "${CMAKE_COMMAND}" -E copy_if_different "${cargo_out}/${ONAV_CARGO_SHARED}" "${stage}/${ONAV_SHARED_FILE}"
    COMMAND "${CMAKE_COMMAND}" -E copy_if_different "${cargo_out}/${ONAV_CARGO_STATIC}" "${stage}/${ONAV_STATIC_FILE}")
  foreach(_pair IN LISTS ONAV_SHARED_LINKS)
    string(REPLACE "=" ";" _pair "${_pair}")
    list(GET _pair 0 _link)
    list(GET _pair 1 _target)
    list(APPEND _commands COMMAND "${CMAKE_COMMAND}" -E create_symlink "${_target}" "${stage}/${_link}")
  endforeach()
  if(ONAV_CARGO_IMPLIB)
    list(APPEND _commands COMMAND "${CMAKE_COMMAND}" -E copy_if_different "${cargo_out}/${ONAV_CARGO_IMPLIB}" "${stage}/${ONAV_IMPLIB_FILE}")
  endif()
  set(${out_var} ${${out_var}} ${_commands} PARENT_SCOPE)
endfunction()

# Imports the libraries staged in `stage` as `shared` and `static`, built by
# the custom target `build_target`.
function(onav_import_staged shared static stage build_target)
  add_library(${shared} SHARED IMPORTED GLOBAL)
  set_target_properties(${shared} PROPERTIES
    IMPORTED_LOCATION "${stage}/${ONAV_SHARED_FILE}"
    INTERFACE_INCLUDE_DIRECTORIES "${_onav_include_dir}")
  if(ONAV_SONAME)
    set_target_properties(${shared} PROPERTIES IMPORTED_SONAME "${ONAV_SONAME}")
  endif()
  if(ONAV_IMPLIB_FILE)
    set_target_properties(${shared} PROPERTIES IMPORTED_IMPLIB "${stage}/${ONAV_IMPLIB_FILE}")
  endif()
  add_dependencies(${shared} ${build_target})

  add_library(${static} STATIC IMPORTED GLOBAL)
  set_target_properties(${static} PROPERTIES
    IMPORTED_LOCATION "${stage}/${ONAV_STATIC_FILE}"
    INTERFACE_INCLUDE_DIRECTORIES "${_onav_include_dir}"
    INTERFACE_COMPILE_DEFINITIONS ONAV_STATIC
    INTERFACE_LINK_LIBRARIES "${ONAV_NATIVE_STATIC_LIBS}")
  add_dependencies(${static} ${build_target})
endfunction()

# The shipped library (and the command), as a plain `cargo build --release`
# makes them: the soname is linked in by build.rs, not passed from here.
set(_onav_cargo_out "${ONAV_CARGO_TARGET_DIR}/release")
set(_onav_build_what --lib)
set(_onav_byproducts "${ONAV_STAGE_DIR}/${ONAV_SHARED_FILE}" "${ONAV_STAGE_DIR}/${ONAV_STATIC_FILE}")
set(_onav_commands)
onav_stage_commands(_onav_commands "${_onav_cargo_out}" "${ONAV_STAGE_DIR}")
if(ONAV_BUILD_CLI)
  list(APPEND _onav_build_what --bin onav)
  list(APPEND _onav_byproducts "${ONAV_CLI_STAGED}")
  list(APPEND _onav_commands
    COMMAND "${CMAKE_COMMAND}" -E make_directory "${PROJECT_BINARY_DIR}/bin"
    COMMAND "${CMAKE_COMMAND}" -E copy_if_different "${_onav_cargo_out}/${ONAV_CLI_FILE}" "${ONAV_CLI_STAGED}")
else()
  list(APPEND _onav_build_what --no-default-features)
endif()
add_custom_target(onav_cargo_build ALL
  COMMAND "${CARGO_EXECUTABLE}" build --release --locked ${_onav_build_what}
          --manifest-path "${PROJECT_SOURCE_DIR}/Cargo.toml"
          --target-dir "${ONAV_CARGO_TARGET_DIR}"
  ${_onav_commands}
  BYPRODUCTS ${_onav_byproducts}
  WORKING_DIRECTORY "${PROJECT_SOURCE_DIR}"
  COMMENT "cargo build --release: libonav"
  USES_TERMINAL
  VERBATIM)
onav_import_staged(onav::onav onav::onav_static "${ONAV_STAGE_DIR}" onav_cargo_build)

if(ONAV_TEST_HOOKS)
  # Its own target directory, so the two builds never overwrite each
  # other's artifacts; the library alone, without the command's features.
  set(_onav_hooks_target_dir "${ONAV_CARGO_TARGET_DIR}/test-hooks")
  set(_onav_hooks_commands)
  onav_stage_commands(_onav_hooks_commands "${_onav_hooks_target_dir}/release" "${ONAV_TEST_HOOKS_STAGE_DIR}")
  add_custom_target(onav_cargo_build_test_hooks ALL
    COMMAND "${CARGO_EXECUTABLE}" rustc --release --locked --lib --no-default-features
            --manifest-path "${PROJECT_SOURCE_DIR}/Cargo.toml"
            --target-dir "${_onav_hooks_target_dir}"
            -- --cfg onav_test_hooks
    ${_onav_hooks_commands}
    BYPRODUCTS "${ONAV_TEST_HOOKS_STAGE_DIR}/${ONAV_SHARED_FILE}" "${ONAV_TEST_HOOKS_STAGE_DIR}/${ONAV_STATIC_FILE}"
    WORKING_DIRECTORY "${PROJECT_SOURCE_DIR}"
    COMMENT "cargo rustc --release --cfg onav_test_hooks: libonav with test hooks (tests only)"
    USES_TERMINAL
    VERBATIM)
  # Two cargo processes on one target directory lock each other; these are
  # different directories, but run them one after the other all the same:
  # each uses every core.
  add_dependencies(onav_cargo_build_test_hooks onav_cargo_build)
  onav_import_staged(onav::onav_test_hooks onav::onav_test_hooks_static
                     "${ONAV_TEST_HOOKS_STAGE_DIR}" onav_cargo_build_test_hooks)
endif()
