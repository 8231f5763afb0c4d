/*
 * report_kernels.h - the "Kernels" section of report.md: one row per placed
 * point (median and best, its roof, the fraction, the bound and the
 * sentence of its verdict), then what the shaped kernels chose and the
 * library GEMM judged against its own ISA's ceiling.
 */
#ifndef ROOFLINE_REPORT_KERNELS_H
#define ROOFLINE_REPORT_KERNELS_H

#include <stdio.h>

#include "model.h"
#include "rundata.h"

void report_kernels_section(FILE *fp, const struct rundata *run, const struct analysis *a);

#endif
