#include "isa.h"

#include <string.h>

const char *cpu_isa_name(enum isa isa)
{
	static const char *const names[ISA_COUNT] = {
		[ISA_NONE] = "c", [ISA_SCALAR] = "scalar", [ISA_SSE2] = "sse2",
		[ISA_AVX2] = "avx2", [ISA_AVX512] = "avx512", [ISA_NEON] = "neon",
	};
	return (unsigned)isa < ISA_COUNT ? names[isa] : "?";
}

enum isa cpu_isa_parse(const char *name)
{
	for (int i = 0; name && i < ISA_COUNT; i++)
		if (strcmp(name, cpu_isa_name((enum isa)i)) == 0)
			return (enum isa)i;
	return ISA_COUNT;
}

int cpu_isa_lanes(enum isa isa)
{
	switch (isa) {
	case ISA_SSE2:
	case ISA_NEON:
		return 2;
	case ISA_AVX2:
		return 4;
	case ISA_AVX512:
		return 8;
	default:
		return 1;
	}
}
