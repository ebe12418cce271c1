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
  add_executable(${ident} ${W_SOURCES} ${registry})
  set_target_properties(${ident} PROPERTIES OUTPUT_NAME ${name})
  target_link_libraries(${ident} PRIVATE cs_measure ${W_LINK})
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

# cs_library_missing(<lib> <reason>): with ON a configure error, with AUTO a status line.
function(cs_library_missing lib reason)
  string(TOUPPER ${lib} LIB)
  if(CRYPTOSPEED_WITH_${LIB} STREQUAL "ON")
    message(FATAL_ERROR "CRYPTOSPEED_WITH_${LIB}=ON but ${reason}")
  endif()
  message(STATUS "cryptospeed: ${lib} adapter skipped: ${reason}")
endfunction()
