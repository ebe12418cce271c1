// Botan 2's CPU feature switch: Botan::CPUID is C++ only (Botan 3 reads
// BOTAN_CLEAR_CPUID itself; Botan 2 does not), so the C adapter reaches it
// through these three functions. No exception crosses into C.
#include <cstdio>
#include <cstring>
#include <string>

#include <botan/cpuid.h>

#include "botan_cpuid.h"

extern "C" int
cs_botan_clear_cpuid(const char *list, char *unknown, size_t size)
{
	int bad = 0;
	if (size)
		unknown[0] = '\0';
	try {
		std::string all(list);
		size_t at = 0;
		while (at <= all.size()) {
			size_t end = all.find(',', at);
			if (end == std::string::npos)
				end = all.size();
			std::string name = all.substr(at, end - at);
			at = end + 1;
			if (name.empty())
				continue;
			auto bits = Botan::CPUID::bit_from_string(name);
			if (bits.empty() && bad++ == 0 && size)
				std::snprintf(unknown, size, "%s", name.c_str());
			for (auto bit : bits)
				Botan::CPUID::clear_cpuid_bit(bit);
		}
	} catch (...) {
		return bad + 1;
	}
	return bad;
}

extern "C" int
cs_botan_cpuid_has(const char *name)
{
	try {
		auto bits = Botan::CPUID::bit_from_string(name);
		if (bits.empty())
			return 0;
		for (auto bit : bits)
			if (!Botan::CPUID::has_cpuid_bit(bit))
				return 0;
		return 1;
	} catch (...) {
		return 0;
	}
}

extern "C" void
cs_botan_cpuid_string(char *buf, size_t size)
{
	if (!size)
		return;
	try {
		std::snprintf(buf, size, "%s", Botan::CPUID::to_string().c_str());
	} catch (...) {
		buf[0] = '\0';
	}
}
