# cs_add_worker(<lib> [VARIANT <text>] SOURCES ... [LINK ...] [INCLUDE ...] [DEFINES ...])
#
# Builds bin/cryptospeed-worker-<lib>[@<variant>]: the core's measuring code
# + the adapter sources + the library. The adapter sources must define
# `const cs_adapter cs_adapter_<lib>;`. A generated registry file names it, so
# nothing depends on constructors or link order.
function(cs_add_worker lib)
  cmake_parse_arguments(W "" "VARIANT" "SOURCES;LINK;INCLUDE;DEFINES" ${ARGN})
  set(name cryptospeed-worker-${lib})
  if(W_VARIANT)
    set(name ${name}@${W_VARIANT})
  endif()
  string(MAKE_C_IDENTIFIER "${name}" ident)
  set(CS_ADAPTER_SYMBOL cs_adapter_${lib})
  set(registry ${CMAKE_CURRENT_BINARY_DIR}/${ident}_registry.c)
  configure_file(${PROJECT_SOURCE_DIR}/cmake/registry.c.in ${registry} @ONLY)
  # '@' is not allowed in a target name: the target is the C identifier,
  # the file keeps the real name.
  # hwcap.c + --wrap=getauxval: the hardware capabilities the libraries
  # read, maskable for a board profile (run --count, core/worker/hwcap.c)
  add_executable(${ident} ${W_SOURCES} ${registry} ${PROJECT_SOURCE_DIR}/core/worker/hwcap.c)
  target_link_options(${ident} PRIVATE -Wl,--wrap=getauxval)
  set_target_properties(${ident} PROPERTIES OUTPUT_NAME ${name})
  target_link_libraries(${ident} PRIVATE cs_worker ${W_LINK})
  if(W_INCLUDE)
    target_include_directories(${ident} PRIVATE ${W_INCLUDE})
  endif()
  if(W_DEFINES)
    target_compile_definitions(${ident} PRIVATE ${W_DEFINES})
  endif()
  set_property(GLOBAL APPEND PROPERTY CS_WORKERS ${ident})
  set(CS_LAST_WORKER ${ident} PARENT_SCOPE)
endfunction()

# Reject CRYPTOSPEED_WITH_<X> for libraries we do not know, and values other than AUTO/ON/OFF.
function(cs_check_with_options known)
  get_cmake_property(vars CACHE_VARIABLES)
  foreach(var IN LISTS vars)
    if(var MATCHES "^CRYPTOSPEED_WITH_(.*)$")
      string(TOLOWER "${CMAKE_MATCH_1}" lib)
      if(NOT lib IN_LIST known)
        string(REPLACE ";" ", " k "${known}")
        message(FATAL_ERROR "unknown library in ${var} (known: ${k})")
      endif()
      if(NOT "${${var}}" MATCHES "^(AUTO|ON|OFF)$")
        message(FATAL_ERROR "${var}=${${var}}: accepted values are AUTO, ON, OFF")
      endif()
    endif()
  endforeach()
endfunction()

# cs_library_missing(<lib> <reason>): the system build of <lib> is missing.
# With ON a configure error, with AUTO a status line; with root workers from
# CRYPTOSPEED_<LIB>_ROOTS (CS_ROOT_WORKERS > 0) only those are built.
function(cs_library_missing lib reason)
  string(TOUPPER ${lib} LIB)
  if(CS_ROOT_WORKERS)
    message(STATUS "cryptospeed: system ${lib} not found (${reason}); only the "
      "CRYPTOSPEED_${LIB}_ROOTS workers")
    return()
  endif()
  if(CRYPTOSPEED_WITH_${LIB} STREQUAL "ON")
    message(FATAL_ERROR "CRYPTOSPEED_WITH_${LIB}=ON but ${reason}")
  endif()
  message(STATUS "cryptospeed: ${lib} adapter skipped: ${reason}")
endfunction()

# Builds made by scripts/libs.sh (docs/versions.md): each is a prefix
# <CRYPTOSPEED_LIBS_DIR>/<lib>@<version>+<config>-<arch> holding a file
# cryptospeed-build (name=, version=, arch=, options=, ...). With
# CRYPTOSPEED_BUILT_LIBS=ON every such prefix for the target's architecture is
# a root too, without listing it in CRYPTOSPEED_<LIB>_ROOTS; a configure picks
# up the ones built since the last.
option(CRYPTOSPEED_BUILT_LIBS "Also a worker per prefix scripts/libs.sh built (CRYPTOSPEED_LIBS_DIR)" OFF)
if(DEFINED ENV{XDG_CACHE_HOME} AND NOT "$ENV{XDG_CACHE_HOME}" STREQUAL "")
  set(cs_libs_dir "$ENV{XDG_CACHE_HOME}/cryptospeed/libs")
else()
  set(cs_libs_dir "$ENV{HOME}/.cache/cryptospeed/libs")
endif()
set(CRYPTOSPEED_LIBS_DIR "${cs_libs_dir}" CACHE PATH "Where scripts/libs.sh installs its builds")
# the target's architecture in Debian's words, as libs.sh names prefixes
if(CMAKE_SYSTEM_PROCESSOR MATCHES "^(x86_64|AMD64|amd64)$")
  set(CS_DEB_ARCH amd64)
elseif(CMAKE_SYSTEM_PROCESSOR MATCHES "^(aarch64|arm64)$")
  set(CS_DEB_ARCH arm64)
elseif(CMAKE_SYSTEM_PROCESSOR MATCHES "^arm")
  set(CS_DEB_ARCH armhf)
else()
  set(CS_DEB_ARCH ${CMAKE_SYSTEM_PROCESSOR})
endif()

# cs_add_root_workers(<lib> HEADER <h> LIBS <names...> [REQUIRE <headers...>]
#                     VERSION_IN <headers...> VERSION_REGEX <regexes...>
#                     [MIN_VERSION <v>] SOURCES <files...> [LINK <more...>])
#
# Several builds of one library: for each install prefix in the cache list
# CRYPTOSPEED_<LIB>_ROOTS, a worker cryptospeed-worker-<lib>@<version> built
# against <prefix>/include and <prefix>/lib[64]/lib<name> for each of LIBS,
# and run with an rpath to that directory. The version is the first of the
# VERSION_REGEX alternatives that matches one of the VERSION_IN headers: its
# first capture, ".<second capture>" appended when there is one. A prefix
# that libs.sh built is named by its cryptospeed-build file instead
# (<lib>@<version>+<config>), after checking that file's library,
# architecture and version against the headers. A prefix without the library,
# or two prefixes of one name, or a version older than MIN_VERSION (the oldest
# the adapter compiles against), stop configuration with one line.
# Sets CS_ROOT_WORKERS in the caller to how many were added.
function(cs_add_root_workers lib)
  cmake_parse_arguments(R "" "HEADER;MIN_VERSION" "LIBS;REQUIRE;VERSION_IN;VERSION_REGEX;SOURCES;LINK" ${ARGN})
  string(TOUPPER ${lib} LIB)
  set(var CRYPTOSPEED_${LIB}_ROOTS)
  set(${var} "" CACHE STRING "Install prefixes of extra ${lib} builds, one worker each (a ;-list)")
  set(seen "")
  set(prefixes ${${var}})
  if(CRYPTOSPEED_BUILT_LIBS)
    file(GLOB built LIST_DIRECTORIES true "${CRYPTOSPEED_LIBS_DIR}/${lib}@*-${CS_DEB_ARCH}")
    list(SORT built)
    foreach(prefix IN LISTS built)
      if(EXISTS ${prefix}/cryptospeed-build AND NOT prefix IN_LIST prefixes)
        list(APPEND prefixes ${prefix})
      endif()
    endforeach()
  endif()
  foreach(prefix IN LISTS prefixes)
    set(looked "${prefix}/include/${R_HEADER}")
    set(libs "")
    foreach(name IN LISTS R_LIBS)
      unset(found)
      find_library(found NAMES ${name} PATHS ${prefix} PATH_SUFFIXES lib lib64
        NO_DEFAULT_PATH NO_CMAKE_FIND_ROOT_PATH NO_CACHE)
      string(APPEND looked ", ${prefix}/lib[64]/lib${name}.so")
      list(APPEND libs ${found})
      if(NOT found)
        set(libs "")
        break()
      endif()
    endforeach()
    if(NOT EXISTS ${prefix}/include/${R_HEADER} OR NOT libs)
      message(FATAL_ERROR "${var}: '${prefix}' holds no ${lib} build (looked for ${looked})")
    endif()
    foreach(h IN LISTS R_REQUIRE)
      if(NOT EXISTS ${prefix}/include/${h})
        message(FATAL_ERROR "${var}: '${prefix}' has no include/${h}")
      endif()
    endforeach()
    set(version "")
    foreach(h IN LISTS R_VERSION_IN)
      if(version OR NOT EXISTS ${prefix}/include/${h})
        continue()
      endif()
      file(READ ${prefix}/include/${h} text)
      foreach(re IN LISTS R_VERSION_REGEX)
        if(NOT version AND text MATCHES "${re}")
          set(version ${CMAKE_MATCH_1})
          if(CMAKE_MATCH_2)
            string(APPEND version ".${CMAKE_MATCH_2}")
          endif()
        endif()
      endforeach()
    endforeach()
    if(NOT version)
      message(FATAL_ERROR "${var}: no version found in ${prefix}/include/{${R_VERSION_IN}}")
    endif()
    if(R_MIN_VERSION AND version VERSION_LESS R_MIN_VERSION)
      message(FATAL_ERROR "${var}: '${prefix}' is ${lib} ${version}; the ${lib} adapter "
        "compiles against ${R_MIN_VERSION} or later")
    endif()
    if(EXISTS ${prefix}/cryptospeed-build)
      cs_built_lib_name(${prefix} ${lib} ${version} version)
    endif()
    if(version IN_LIST seen)
      message(FATAL_ERROR "${var}: '${prefix}' is ${lib} ${version}, like an earlier "
        "prefix: a worker is named by its version (and libs.sh configuration), give each once")
    endif()
    list(APPEND seen ${version})
    # An imported target: the prefix's headers come before /usr/include (so
    # its configuration is the one compiled against) and are system headers.
    string(MAKE_C_IDENTIFIER "cs_${lib}_${version}" imported)
    add_library(${imported} INTERFACE IMPORTED)
    set_target_properties(${imported} PROPERTIES
      INTERFACE_INCLUDE_DIRECTORIES ${prefix}/include INTERFACE_LINK_LIBRARIES "${libs}")
    # a root whose adapter does not compile against it is left out with the
    # reason (a warning here, the list in the build tree's root-workers-missing.txt), so
    # one library's compile failure never stops the others' build
    cs_root_compiles(${lib} ${version} ${prefix} ${imported} compiles why SOURCES ${R_SOURCES})
    if(NOT compiles)
      message(WARNING "cryptospeed: ${lib}@${version} from ${prefix}: the ${lib} adapter "
        "does not compile against it, its worker is left out: ${why}")
      set_property(GLOBAL APPEND PROPERTY CS_ROOTS_MISSING "${lib}@${version} ${prefix}: ${why}")
      continue()
    endif()
    cs_add_worker(${lib} VARIANT ${version} SOURCES ${R_SOURCES} LINK ${imported} ${R_LINK})
    list(GET libs 0 first)
    get_filename_component(libdir ${first} DIRECTORY)
    set_target_properties(${CS_LAST_WORKER} PROPERTIES BUILD_RPATH ${libdir} INSTALL_RPATH ${libdir})
    message(STATUS "cryptospeed: ${lib}@${version} from ${prefix}")
  endforeach()
  list(LENGTH seen n)
  set(CS_ROOT_WORKERS ${n} PARENT_SCOPE)
endfunction()

# cs_root_compiles(<lib> <version> <prefix> <imported target> <ok var> <why var>
#   SOURCES ...): compile (never link) the adapter's sources against the
# prefix with the project's warning flags, once per content: the result is
# cached under a key of the sources', the prefix's headers' and the flags'
# hashes, so a reconfigure costs nothing until one of them changes. <why> is
# the compiler's first error line when it fails.
function(cs_root_compiles lib version prefix imported ok_var why_var)
  cmake_parse_arguments(C "" "" "SOURCES" ${ARGN})
  set(srcs "")
  set(text "${prefix};${CMAKE_C_COMPILER};${CMAKE_C_FLAGS}")
  get_directory_property(opts COMPILE_OPTIONS)
  string(APPEND text ";${opts}")
  foreach(src IN LISTS C_SOURCES)
    if(NOT IS_ABSOLUTE ${src})
      set(src ${CMAKE_CURRENT_SOURCE_DIR}/${src})
    endif()
    list(APPEND srcs ${src})
    file(SHA256 ${src} h)
    string(APPEND text ";${h}")
  endforeach()
  file(GLOB_RECURSE headers ${CMAKE_CURRENT_SOURCE_DIR}/*.h ${PROJECT_SOURCE_DIR}/core/include/*.h
    ${PROJECT_SOURCE_DIR}/core/workload/*.h ${PROJECT_SOURCE_DIR}/core/workload/*.def)
  list(SORT headers)
  foreach(h IN LISTS headers)
    file(SHA256 ${h} hh)
    string(APPEND text ";${hh}")
  endforeach()
  if(EXISTS ${prefix}/cryptospeed-build)
    file(SHA256 ${prefix}/cryptospeed-build hh)
    string(APPEND text ";${hh}")
  endif()
  string(SHA256 key "${text}")
  string(SUBSTRING ${key} 0 16 key)
  string(MAKE_C_IDENTIFIER "CS_COMPILES_${lib}_${version}" var)
  if(DEFINED CACHE{${var}} AND "$CACHE{${var}}" MATCHES "^${key} (ok|no)(.*)$")
    if(CMAKE_MATCH_1 STREQUAL "ok")
      set(${ok_var} TRUE PARENT_SCOPE)
    else()
      set(${ok_var} FALSE PARENT_SCOPE)
      string(STRIP "${CMAKE_MATCH_2}" why)
      set(${why_var} "${why}" PARENT_SCOPE)
    endif()
    return()
  endif()
  set(dirs ${PROJECT_SOURCE_DIR}/core/include ${PROJECT_BINARY_DIR}/core/include
    ${PROJECT_SOURCE_DIR}/core/workload ${PROJECT_SOURCE_DIR}/core/common
    ${PROJECT_SOURCE_DIR}/core/protocol ${PROJECT_SOURCE_DIR}/core/worker
    ${PROJECT_SOURCE_DIR}/core/count ${CMAKE_CURRENT_SOURCE_DIR})
  string(REPLACE ";" " " flags "${opts}")
  set(CMAKE_TRY_COMPILE_TARGET_TYPE STATIC_LIBRARY)
  try_compile(compiled ${CMAKE_BINARY_DIR}/root-compile/${var}
    SOURCES ${srcs}
    CMAKE_FLAGS "-DINCLUDE_DIRECTORIES=${dirs}" "-DCMAKE_C_FLAGS=${CMAKE_C_FLAGS} ${flags}"
    LINK_LIBRARIES ${imported}
    C_STANDARD 11 C_STANDARD_REQUIRED ON
    OUTPUT_VARIABLE out)
  if(compiled)
    set(${var} "${key} ok" CACHE INTERNAL "")
    set(${ok_var} TRUE PARENT_SCOPE)
    return()
  endif()
  set(why "does not compile")
  if(out MATCHES "([^\n/]*/)*([^/\n]+:[0-9]+:[0-9]+: error: [^\n]*)")
    set(why "${CMAKE_MATCH_2}")
  endif()
  string(REPLACE ";" "," why "${why}")
  set(${var} "${key} no ${why}" CACHE INTERNAL "")
  set(${ok_var} FALSE PARENT_SCOPE)
  set(${why_var} "${why}" PARENT_SCOPE)
endfunction()

# cs_built_lib_name(<prefix> <lib> <header version> <out>): the worker variant
# "<version>+<config>" of a prefix scripts/libs.sh built, from its
# cryptospeed-build file; stops configuration when that file does not match
# the prefix (another library or architecture, or a version the headers do
# not start with: Nettle's headers say 3.10 for 3.10.2).
function(cs_built_lib_name prefix lib hversion out)
  file(STRINGS ${prefix}/cryptospeed-build lines)
  set(b_lib "")
  set(b_version "")
  set(b_config "")
  set(b_arch "")
  foreach(line IN LISTS lines)
    foreach(key lib version config arch)
      if(line MATCHES "^${key}=(.*)$")
        set(b_${key} "${CMAKE_MATCH_1}")
      endif()
    endforeach()
  endforeach()
  set(file ${prefix}/cryptospeed-build)
  if(NOT b_lib STREQUAL lib)
    message(FATAL_ERROR "${file}: a build of '${b_lib}', not ${lib}")
  endif()
  if(NOT b_arch STREQUAL CS_DEB_ARCH)
    message(FATAL_ERROR "${file}: built for '${b_arch}', this build is for ${CS_DEB_ARCH}")
  endif()
  string(FIND "${b_version}" "${hversion}" at)
  # a build from git (libs.sh LIB@git:REF) is named by its commit, g<12 hex>
  if(b_version MATCHES "^g([0-9a-f]+)$")
    if(lines MATCHES "(^|;)commit=${CMAKE_MATCH_1}[0-9a-f]*(;|$)")
      set(at 0)
    endif()
  endif()
  if(NOT at EQUAL 0 OR NOT b_config MATCHES "^[a-z0-9]+$")
    message(FATAL_ERROR "${file}: version '${b_version}' configuration '${b_config}', "
      "but the headers in ${prefix}/include say ${lib} ${hversion}")
  endif()
  set(${out} "${b_version}+${b_config}" PARENT_SCOPE)
endfunction()
