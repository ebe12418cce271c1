# Cross build for 32-bit ARM (armhf: ARMv7, hard float, Thumb-2 by default)
# Linux. As for arm64, `scripts/deps.sh --arch armhf` unpacks the armhf C
# library and every library into a sysroot, which is the compiler's --sysroot
# here (`make cross ARCH=armhf` does all of it). Static builds are the useful
# ones:
#
#   cmake -S . -B build-armhf \
#     -DCMAKE_TOOLCHAIN_FILE=cmake/toolchains/arm-linux-gnueabihf.cmake \
#     -DCRYPTOSPEED_STATIC=ON
#
# CRYPTOSPEED_SYSROOT (cache, or the environment variable of that name):
# default /opt/cryptospeed-sysroot-armhf.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR arm)
set(cs_triplet arm-linux-gnueabihf)

set(CMAKE_C_COMPILER ${cs_triplet}-gcc)
# Botan's worker has one C++ file: the cross C++ compiler when installed
# (deps.sh --arch armhf), never the host's
find_program(cs_cross_cxx ${cs_triplet}-g++)
if(cs_cross_cxx)
  set(CMAKE_CXX_COMPILER ${cs_cross_cxx})
endif()
# (64-bit file offsets for 32-bit targets: the top CMakeLists.txt sets them.)

if(NOT CRYPTOSPEED_SYSROOT)
  if(DEFINED ENV{CRYPTOSPEED_SYSROOT})
    set(CRYPTOSPEED_SYSROOT $ENV{CRYPTOSPEED_SYSROOT})
  else()
    set(CRYPTOSPEED_SYSROOT /opt/cryptospeed-sysroot-armhf)
  endif()
endif()
set(CRYPTOSPEED_SYSROOT ${CRYPTOSPEED_SYSROOT} CACHE PATH
  "armhf root with the C library and the libraries (from scripts/deps.sh --arch armhf)")
# try_compile reads this file again in a project of its own: hand it the same root.
list(APPEND CMAKE_TRY_COMPILE_PLATFORM_VARIABLES CRYPTOSPEED_SYSROOT)
set(ENV{CRYPTOSPEED_SYSROOT} ${CRYPTOSPEED_SYSROOT})
if(NOT EXISTS ${CRYPTOSPEED_SYSROOT}/usr/include/stdio.h)
  message(FATAL_ERROR "no armhf sysroot in ${CRYPTOSPEED_SYSROOT} (no usr/include/stdio.h): "
    "run scripts/deps.sh --arch armhf, or set CRYPTOSPEED_SYSROOT")
endif()
set(CMAKE_SYSROOT ${CRYPTOSPEED_SYSROOT})

# qemu-arm's -L: a dynamically linked program's loader and libraries.
set(CMAKE_CROSSCOMPILING_EMULATOR qemu-arm -L ${CRYPTOSPEED_SYSROOT})

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
