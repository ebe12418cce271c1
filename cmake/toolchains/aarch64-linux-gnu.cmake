# Cross build for aarch64 (arm64) Linux: Debian's cross compiler, the arm64
# multiarch -dev packages, wolfSSL unpacked into a sysroot, qemu-user to run
# the tests. `scripts/deps.sh --arch arm64` installs all of it; then
#
#   cmake -S . -B build-aarch64 \
#     -DCMAKE_TOOLCHAIN_FILE=cmake/toolchains/aarch64-linux-gnu.cmake \
#     -DCRYPTOSPEED_STATIC=ON
#
# CRYPTOSPEED_SYSROOT (cache, or the environment variable of that name) is
# where deps.sh unpacked wolfSSL; default /opt/cryptospeed-sysroot-arm64.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(cs_triplet aarch64-linux-gnu)

set(CMAKE_C_COMPILER ${cs_triplet}-gcc)

if(NOT CRYPTOSPEED_SYSROOT)
  if(DEFINED ENV{CRYPTOSPEED_SYSROOT})
    set(CRYPTOSPEED_SYSROOT $ENV{CRYPTOSPEED_SYSROOT})
  else()
    set(CRYPTOSPEED_SYSROOT /opt/cryptospeed-sysroot-arm64)
  endif()
endif()
set(CRYPTOSPEED_SYSROOT ${CRYPTOSPEED_SYSROOT} CACHE PATH
  "Extra arm64 root searched for headers and libraries (wolfSSL, from scripts/deps.sh --arch arm64)")
# try_compile reads this file again in a project of its own: hand it the same root.
list(APPEND CMAKE_TRY_COMPILE_PLATFORM_VARIABLES CRYPTOSPEED_SYSROOT)
set(ENV{CRYPTOSPEED_SYSROOT} ${CRYPTOSPEED_SYSROOT})

# Tests run the aarch64 programs with qemu-user (no binfmt_misc needed). No -L:
# a dynamically linked program's loader and C library are the multiarch
# libc6:arm64 ones (/lib/ld-linux-aarch64.so.1, /lib/aarch64-linux-gnu), which
# the arm64 -dev packages bring. `-L /usr/aarch64-linux-gnu` would pair the
# cross compiler's loader with that multiarch libc.so.6, and a dynamically
# linked orchestrator then hangs in fork(). Static programs need neither.
set(CMAKE_CROSSCOMPILING_EMULATOR qemu-aarch64)

# Libraries and headers: the cross C library, the wolfSSL sysroot, and the
# host's root for the multiarch directories (find_library looks in
# <prefix>/lib/aarch64-linux-gnu first). Programs are the host's.
set(CMAKE_FIND_ROOT_PATH /usr/${cs_triplet} ${CRYPTOSPEED_SYSROOT} /)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)

# pkg-config: the arm64 .pc files only, never the host's.
set(ENV{PKG_CONFIG_LIBDIR}
  "${CRYPTOSPEED_SYSROOT}/usr/lib/${cs_triplet}/pkgconfig:/usr/lib/${cs_triplet}/pkgconfig:/usr/share/pkgconfig")
set(ENV{PKG_CONFIG_PATH} "")
set(ENV{PKG_CONFIG_SYSROOT_DIR} "")
