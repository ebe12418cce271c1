# CRYPTOSPEED_STATIC=ON: every program fully static (-static, the libraries'
# .a archives), to copy to a board that has none of the libraries.
#
# cs_static_begin()          before any library is looked up: -static, .a
#                            before .so, pkg-config --static (Libs.private)
# cs_static_drop_shared()    after the adapters: a worker that would still link
#                            a shared library (its library has no .a) is taken
#                            out of the build and the tests, with a message
#
# Library lookups are cached: configure STATIC in a fresh build directory.
#
# An imported target (PkgConfig::X, a root build's library) is visible only in
# the directory that made it, so each worker is looked at where it is made:
# cs_add_worker announces it in CS_LAST_WORKER, which is watched.

macro(cs_static_begin)
  if(DEFINED CACHE{CS_STATIC_CONFIGURED} AND
     NOT "${CS_STATIC_CONFIGURED}" STREQUAL "${CRYPTOSPEED_STATIC}")
    message(FATAL_ERROR "CRYPTOSPEED_STATIC=${CRYPTOSPEED_STATIC}, but ${CMAKE_BINARY_DIR} was "
      "configured with CRYPTOSPEED_STATIC=${CS_STATIC_CONFIGURED} and has cached the library "
      "paths of that build: use a fresh build directory")
  endif()
  set(CS_STATIC_CONFIGURED "${CRYPTOSPEED_STATIC}" CACHE INTERNAL "CRYPTOSPEED_STATIC of the first configure")
  if(CRYPTOSPEED_STATIC)
    if(CRYPTOSPEED_SANITIZE)
      message(FATAL_ERROR "CRYPTOSPEED_STATIC and CRYPTOSPEED_SANITIZE cannot be combined "
        "(the sanitizer runtimes are shared libraries): turn one of them OFF")
    endif()
    add_link_options(-static)
    # archives whose .pc files leave out what they need from the C library
    # (wolfSSL's: libm) find it at the end of every link line
    string(APPEND CMAKE_C_STANDARD_LIBRARIES " -lm")
    set(CMAKE_FIND_LIBRARY_SUFFIXES .a .so)
    variable_watch(CS_LAST_WORKER cs_static_watch)
    if(NOT "--static" IN_LIST PKG_CONFIG_ARGN)
      list(APPEND PKG_CONFIG_ARGN --static)
    endif()
    message(STATUS "cryptospeed: static build (-static; libraries without a .a are skipped)")
  endif()
endmacro()

# The shared libraries (full paths) that `item` brings into a link, into `out`.
function(cs_static_shared_of item out)
  set(found "")
  if(item MATCHES "^\\$<LINK_ONLY:(.*)>$")
    set(item "${CMAKE_MATCH_1}")
  endif()
  if(TARGET ${item})
    get_target_property(type ${item} TYPE)
    get_target_property(imported ${item} IMPORTED)
    if(imported AND type STREQUAL "SHARED_LIBRARY")
      get_target_property(loc ${item} IMPORTED_LOCATION)
      list(APPEND found "${loc}")
    elseif(imported AND type STREQUAL "UNKNOWN_LIBRARY")
      get_target_property(loc ${item} IMPORTED_LOCATION)
      if(loc MATCHES "\\.so(\\.[0-9.]+)?$")
        list(APPEND found "${loc}")
      endif()
    endif()
    set(deps "")
    foreach(prop INTERFACE_LINK_LIBRARIES LINK_LIBRARIES)
      get_target_property(v ${item} ${prop})
      if(v AND NOT (imported AND prop STREQUAL "LINK_LIBRARIES"))
        list(APPEND deps ${v})
      endif()
    endforeach()
    list(REMOVE_DUPLICATES deps)
    foreach(d IN LISTS deps)
      cs_static_shared_of("${d}" sub)
      list(APPEND found ${sub})
    endforeach()
  elseif(item MATCHES "\\.so(\\.[0-9.]+)?$")
    list(APPEND found "${item}")
  endif()
  list(REMOVE_DUPLICATES found)
  set(${out} "${found}" PARENT_SCOPE)
endfunction()

# variable_watch callback: in the adapter's directory, note the worker's shared libraries.
function(cs_static_watch var access value)
  if(access STREQUAL "MODIFIED_ACCESS" AND TARGET "${value}")
    cs_static_shared_of(${value} shared)
    set_property(GLOBAL PROPERTY CS_STATIC_SHARED_${value} "${shared}")
  endif()
endfunction()

function(cs_static_drop_shared)
  if(NOT CRYPTOSPEED_STATIC)
    return()
  endif()
  cs_static_shared_of(cryptospeed shared)
  if(shared)
    message(FATAL_ERROR "CRYPTOSPEED_STATIC=ON: the orchestrator would link shared libraries "
      "(${shared}); install their static archives (.a), e.g. Debian's -dev packages")
  endif()
  get_property(workers GLOBAL PROPERTY CS_WORKERS)
  set(kept "")
  foreach(w IN LISTS workers)
    cs_static_shared_of(${w} shared)
    get_property(noted GLOBAL PROPERTY CS_STATIC_SHARED_${w})
    list(APPEND shared ${noted})
    list(REMOVE_DUPLICATES shared)
    if(shared)
      get_target_property(name ${w} OUTPUT_NAME)
      string(REPLACE ";" ", " shared "${shared}")
      message(STATUS "cryptospeed: ${name} skipped under CRYPTOSPEED_STATIC: no static "
        "archive (.a) for ${shared}")
      set_target_properties(${w} PROPERTIES EXCLUDE_FROM_ALL ON)
    else()
      list(APPEND kept ${w})
    endif()
  endforeach()
  set_property(GLOBAL PROPERTY CS_WORKERS "${kept}")
endfunction()
