# Bare-metal Cortex-M4F (ARMv7E-M, Thumb-2, single-precision FPU, hard-float
# ABI) with newlib and its semihosting library rdimon: the MCU workers
# (mcu/CMakeLists.txt, docs/mcu.md), run under qemu-system-arm -M mps2-an386.
# `make cross ARCH=cortex-m4` uses it; scripts/deps.sh --arch cortex-m4
# installs the compiler, newlib and qemu-system-arm.
set(CMAKE_SYSTEM_NAME Generic)
set(CMAKE_SYSTEM_PROCESSOR arm)
set(cs_triplet arm-none-eabi)
set(CMAKE_C_COMPILER ${cs_triplet}-gcc)
set(CMAKE_ASM_COMPILER ${cs_triplet}-gcc)
# a bare-metal compiler links no program without a startup: try_compile
# builds a static library instead
set(CMAKE_TRY_COMPILE_TARGET_TYPE STATIC_LIBRARY)

set(CS_MCU_CPU_FLAGS "-mcpu=cortex-m4 -mthumb -mfloat-abi=hard -mfpu=fpv4-sp-d16")
set(CMAKE_C_FLAGS_INIT "${CS_MCU_CPU_FLAGS} -ffunction-sections -fdata-sections")
set(CMAKE_ASM_FLAGS_INIT "${CS_MCU_CPU_FLAGS}")
# newlib; the workers add rdimon (semihosting: host stdin, stdout, files, the
# command line), the footprint images newlib-nano without system calls
# (mcu/CMakeLists.txt); a library's own build links no program
set(CMAKE_EXE_LINKER_FLAGS_INIT "${CS_MCU_CPU_FLAGS} -Wl,--gc-sections")

set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
