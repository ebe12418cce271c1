# Thin wrapper around CMake. `make run` and `make test` install what is
# missing (scripts/deps.sh), build, and run the default matrix / the tests.
BUILD ?= build
CMAKE_ARGS ?=
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
RUN_ARGS ?=
# make cross ARCH=arm64 (the default: aarch64) or ARCH=armhf (32-bit ARMv7,
# hard float). Only ARCH given on the command line counts: an ARCH in the
# environment (set for other tools) is not this one.
ifneq ($(origin ARCH),command line)
ARCH := arm64
endif
CROSS_BUILD_arm64 = build-aarch64
CROSS_TOOLCHAIN_arm64 = cmake/toolchains/aarch64-linux-gnu.cmake
CROSS_BUILD_armhf = build-armhf
CROSS_TOOLCHAIN_armhf = cmake/toolchains/arm-linux-gnueabihf.cmake
# ARCH=cortex-m4: the MCU workers, bare metal under qemu-system-arm
# (scripts/mcu.sh, docs/mcu.md)
CROSS_BUILD_cortex-m4 = build-cortex-m4
CROSS_BUILD ?= $(CROSS_BUILD_$(ARCH))
CROSS_CMAKE_ARGS ?=

.PHONY: all deps build run test asan fuzz cross cross-armhf clean results versions install tls-size

all: build

deps:
	bash scripts/deps.sh

$(BUILD)/CMakeCache.txt:
	cmake -S . -B $(BUILD) $(CMAKE_ARGS)

build: deps
	cmake -S . -B $(BUILD) $(CMAKE_ARGS)
	cmake --build $(BUILD) -j $(JOBS)

run: build
	$(BUILD)/bin/cryptospeed run $(RUN_ARGS)

# bin/cryptospeed, libexec/cryptospeed/ (the workers), the man page and the
# bash completion under PREFIX; DESTDIR=stage for a staged install.
PREFIX ?= /usr/local
install: build
	DESTDIR=$(DESTDIR) cmake --install $(BUILD) --prefix $(PREFIX)

# results/README.md from the result files in results/ (see results/about.md).
results: build
	bash results/regenerate.sh $(BUILD)/bin/cryptospeed

test: build
	bash scripts/deps.sh --test
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

# The whole suite under AddressSanitizer + UndefinedBehaviorSanitizer.
asan:
	bash scripts/deps.sh --test
	cmake -S . -B build-asan -DCRYPTOSPEED_SANITIZE=ON $(CMAKE_ARGS)
	cmake --build build-asan -j $(JOBS)
	cd build-asan && ctest --output-on-failure -j $(JOBS)

# libFuzzer targets (clang, ASan + UBSan), each run for FUZZ_SECONDS; new
# inputs are kept in build-fuzz/tests/fuzz-corpus/<name>/.
FUZZ_SECONDS ?= 60
fuzz:
	bash scripts/deps.sh --test
	CC=clang cmake -S . -B build-fuzz -DCRYPTOSPEED_FUZZ=ON \
		-DCRYPTOSPEED_FUZZ_SECONDS=$(FUZZ_SECONDS) $(CMAKE_ARGS)
	cmake --build build-fuzz -j $(JOBS) --target fuzzers
	cd build-fuzz && ctest -L fuzz --output-on-failure

# aarch64 (ARCH=arm64, build-aarch64) or 32-bit ARM (ARCH=armhf,
# build-armhf): fully static programs to copy to a board (docs/arm-boards.md),
# built with Debian's cross compiler and tested under qemu-user.
cross:
	@case "$(ARCH)" in arm64 | armhf | cortex-m4) ;; *) echo "make cross: ARCH=$(ARCH): unknown" \
		"architecture (accepted: arm64, armhf, cortex-m4)" >&2; exit 2 ;; esac
ifeq ($(ARCH),cortex-m4)
	JOBS=$(JOBS) bash scripts/mcu.sh build $(CROSS_BUILD)
else
	bash scripts/deps.sh --arch $(ARCH)
	cmake -S . -B $(CROSS_BUILD) -DCMAKE_TOOLCHAIN_FILE=$(CROSS_TOOLCHAIN_$(ARCH)) \
		-DCRYPTOSPEED_STATIC=ON $(CROSS_CMAKE_ARGS)
	cmake --build $(CROSS_BUILD) -j $(JOBS)
	cd $(CROSS_BUILD) && ctest -L 'kat|cross' --output-on-failure -j $(JOBS)
endif

cross-armhf:
	$(MAKE) cross ARCH=armhf

# Code size of each TLS library in a minimal static aarch64 TLS client, from
# the link map (scripts/tls_size.sh, docs/handshake.md "Code size"); needs
# scripts/deps.sh --arch arm64.
tls-size:
	bash scripts/tls_size.sh -o build-tls-size

# Library versions built from source (scripts/libs.sh, docs/versions.md): the
# manifest's set "versions" beside Debian's builds, in one interleaved matrix
# (SHA-256, AES-128-GCM at 16 and 8192 B; TLS 1.3 handshake and resume). Built libraries are cached: a
# second run rebuilds nothing.
VERSIONS_BUILD ?= build-versions
versions:
	JOBS=$(JOBS) bash scripts/libs.sh versions $(VERSIONS_BUILD)

clean:
	rm -rf $(BUILD) build-asan build-fuzz build-aarch64 build-armhf build-cortex-m4 $(CROSS_BUILD)
