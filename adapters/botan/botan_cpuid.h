/* Botan's CPU feature switch, which Botan 2 has only in C++ (cpuid.cpp). */
#ifndef CS_BOTAN_CPUID_H
#define CS_BOTAN_CPUID_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Clear every feature named in the comma-separated list (Botan's names, as
   BOTAN_CLEAR_CPUID takes them in Botan 3). Returns how many names Botan did
   not know; the first of them into unknown (size bytes). */
int cs_botan_clear_cpuid(const char *list, char *unknown, size_t size);
/* 1 = Botan will use the named feature, 0 = not (or an unknown name). */
int cs_botan_cpuid_has(const char *name);
/* Botan's own list of the features it uses (CPUID::to_string()). */
void cs_botan_cpuid_string(char *buf, size_t size);

#ifdef __cplusplus
}
#endif

#endif
