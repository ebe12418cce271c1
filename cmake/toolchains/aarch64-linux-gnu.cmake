# Cross build for aarch64 (arm64) Linux: Debian's cross compiler, the arm64 C
# library and every library unpacked into a sysroot (never multiarch packages,
# which would move the host's own libssl to the arm64 package's version),
# qemu-user to run the tests. `scripts/deps.sh --arch arm64` installs the
# tools and makes the sysroot; then
#
#   cmake -S . -B build-aarch64 \
#     -DCMAKE_TOOLCHAIN_FILE=cmake/toolchains/aarch64-linux-gnu.cmake \
#     -DCRYPTOSPEED_STATIC=ON
#
# CRYPTOSPEED_SYSROOT (cache, or the environment variable of that name):
# default /opt/cryptospeed-sysroot-arm64.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(cs_triplet aarch64-linux-gnu)

set(CMAKE_C_COMPILER ${cs_triplet}-gcc)
# Botan's worker has one C++ file: the cross C++ compiler when installed
# (deps.sh --arch arm64), never the host's
find_program(cs_cross_cxx ${cs_triplet}-g++)
if(cs_cross_cxx)
  set(CMAKE_CXX_COMPILER ${cs_cross_cxx})
endif()

if(NOT CRYPTOSPEED_SYSROOT)
  if(DEFINED ENV{CRYPTOSPEED_SYSROOT})
    set(CRYPTOSPEED_SYSROOT $ENV{CRYPTOSPEED_SYSROOT})
  else()
    set(CRYPTOSPEED_SYSROOT /opt/cryptospeed-sysroot-arm64)
  endif()
endif()
set(CRYPTOSPEED_SYSROOT ${CRYPTOSPEED_SYSROOT} CACHE PATH
  "arm64 root with the C library and the libraries (from scripts/deps.sh --arch arm64)")
# try_compile reads this file again in a project of its own: hand it the same root.
list(APPEND CMAKE_TRY_COMPILE_PLATFORM_VARIABLES CRYPTOSPEED_SYSROOT)
set(ENV{CRYPTOSPEED_SYSROOT} ${CRYPTOSPEED_SYSROOT})
if(NOT EXISTS ${CRYPTOSPEED_SYSROOT}/usr/include/stdio.h)
  message(FATAL_ERROR "no arm64 sysroot in ${CRYPTOSPEED_SYSROOT} (no usr/include/stdio.h): "
    "run scripts/deps.sh --arch arm64, or set CRYPTOSPEED_SYSROOT")
endif()
set(CMAKE_SYSROOT ${CRYPTOSPEED_SYSROOT})

# qemu-aarch64's -L: a dynamically linked program's loader and C library, both
# from the sysroot (one libc6:arm64 package, so they match). Static programs
# need neither.
set(CMAKE_CROSSCOMPILING_EMULATOR qemu-aarch64 -L ${CRYPTOSPEED_SYSROOT})

set(CMAKE_FIND_ROOT_PATH ${CRYPTOSPEED_SYSROOT})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)

# pkg-config: the sysroot's .pc files, their paths prefixed with the sysroot.
set(ENV{PKG_CONFIG_LIBDIR}
  "${CRYPTOSPEED_SYSROOT}/usr/lib/${cs_triplet}/pkgconfig:${CRYPTOSPEED_SYSROOT}/usr/share/pkgconfig")
set(ENV{PKG_CONFIG_PATH} "")
set(ENV{PKG_CONFIG_SYSROOT_DIR} ${CRYPTOSPEED_SYSROOT})
