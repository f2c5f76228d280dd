# What the library files are called on this platform: cargo's outputs and
# the names they are staged and installed under. One place for the rule,
# used by the build (onavCargo.cmake), the install rules and the package
# file (onavConfig.cmake.in), so none of them is Linux-only.
#
# The ABI version (README "Versioning") is 0.MINOR during 0.x, MAJOR from
# 1.0 on; build.rs derives the same string and links it into the library
# (ELF SONAME, Mach-O install name). The ctest `soname` check compares them.
if(PROJECT_VERSION_MAJOR EQUAL 0)
  set(ONAV_ABI_VERSION "0.${PROJECT_VERSION_MINOR}")
  set(ONAV_PACKAGE_COMPATIBILITY SameMinorVersion)
else()
  set(ONAV_ABI_VERSION "${PROJECT_VERSION_MAJOR}")
  set(ONAV_PACKAGE_COMPATIBILITY SameMajorVersion)
endif()

# ONAV_CARGO_*: the files cargo writes. ONAV_SHARED_FILE: the real shared
# library as staged and installed; ONAV_SHARED_LINKS: "link=target" pairs
# created beside it; ONAV_SONAME: what the loader records (IMPORTED_SONAME).
# ONAV_IMPLIB_FILE: the DLL import library (Windows only).
# ONAV_NATIVE_STATIC_LIBS: what `cargo rustc -- --print native-static-libs`
# lists for the static library on each platform.
set(ONAV_IMPLIB_FILE "")
set(ONAV_CARGO_IMPLIB "")
if(WIN32)
  set(ONAV_CARGO_SHARED "onav.dll")
  set(ONAV_SHARED_FILE "onav.dll")
  set(ONAV_SHARED_LINKS "")
  set(ONAV_SONAME "")
  if(MSVC)
    set(ONAV_CARGO_IMPLIB "onav.dll.lib")
    set(ONAV_CARGO_STATIC "onav.lib")
  else()
    set(ONAV_CARGO_IMPLIB "libonav.dll.a")
    set(ONAV_CARGO_STATIC "libonav.a")
  endif()
  set(ONAV_IMPLIB_FILE "${ONAV_CARGO_IMPLIB}")
  set(ONAV_NATIVE_STATIC_LIBS kernel32 advapi32 bcrypt ntdll userenv ws2_32 synchronization)
  set(ONAV_PC_LIBS_PRIVATE "-lkernel32 -ladvapi32 -lbcrypt -lntdll -luserenv -lws2_32 -lsynchronization")
elseif(APPLE)
  set(ONAV_CARGO_SHARED "libonav.dylib")
  set(ONAV_CARGO_STATIC "libonav.a")
  set(ONAV_SHARED_FILE "libonav.${ONAV_ABI_VERSION}.dylib")
  set(ONAV_SHARED_LINKS "libonav.dylib=${ONAV_SHARED_FILE}")
  set(ONAV_SONAME "@rpath/${ONAV_SHARED_FILE}")
  set(ONAV_NATIVE_STATIC_LIBS System c m)
  set(ONAV_PC_LIBS_PRIVATE "-lSystem -lc -lm")
else()
  set(ONAV_CARGO_SHARED "libonav.so")
  set(ONAV_CARGO_STATIC "libonav.a")
  set(ONAV_SHARED_FILE "libonav.so.${PROJECT_VERSION}")
  set(ONAV_SONAME "libonav.so.${ONAV_ABI_VERSION}")
  set(ONAV_SHARED_LINKS "${ONAV_SONAME}=${ONAV_SHARED_FILE}" "libonav.so=${ONAV_SONAME}")
  set(ONAV_NATIVE_STATIC_LIBS Threads::Threads dl m rt util)
  set(ONAV_PC_LIBS_PRIVATE "-lpthread -ldl -lm -lrt -lutil")
endif()
set(ONAV_STATIC_FILE "${ONAV_CARGO_STATIC}")
set(ONAV_CLI_FILE "onav${CMAKE_EXECUTABLE_SUFFIX}")
