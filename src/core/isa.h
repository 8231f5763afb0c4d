#ifndef ROOFLINE_ISA_H
#define ROOFLINE_ISA_H

/* What an instruction set is, apart from whether this CPU has it (measure's
 * cpu.h): the model, the report and the figures name ISAs and count lanes
 * without touching the machine. */

#include "kernel.h"

/* "c", "scalar", "sse2", "avx2", "avx512", "neon". */
const char *cpu_isa_name(enum isa isa);

/* The ISA named `name` as cpu_isa_name writes it, or ISA_COUNT for none. */
enum isa cpu_isa_parse(const char *name);

/* Doubles per register for the ISA (1 for scalar and plain C). */
int cpu_isa_lanes(enum isa isa);

#endif
