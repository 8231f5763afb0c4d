/*
 * report.h - report.md: what was measured, on what, how it was counted, and
 * what each kernel's position under the roof says. Markdown, for people;
 * the Markdown pieces are src/markdown.h's. The kernel files' vectorisation
 * verdicts (report_vec_verdict and the remark-file helpers below) are
 * compare.md's too.
 */
#ifndef ROOFLINE_REPORT_H
#define ROOFLINE_REPORT_H

#include <stddef.h>
#include <stdio.h>

#include "analysis.h"
#include "rundata.h"
#include "symptoms.h"
#include "userpoints.h"

/*
 * Writes the report of one run to path (atomically): a header with the CPU,
 * compiler, flags, timer, ISA dispatch and date (env.csv); the units and the
 * counting convention; the figure roofline.png; the roofs with their spread
 * and the analysis' notes; the FMA chains (Little's law); the kernels with
 * their diagnosis; and, per kernel file, the compiler's vectorisation verdict
 * from remarks/<file>.txt (run->remark_files, read by input); the notes
 * carry the model's symptoms sy (symptoms_check, run once by the caller). A
 * group the run lacks is reported as missing. It writes what input and the
 * model decided and reads nothing. Returns 0, or -1 with one line in err on
 * a write error.
 */
int report_write(const char *path, const struct rundata *run, const struct analysis *a,
		 const struct symptoms *sy, char *err, size_t errlen);

/*
 * report_write() with the user's points (roofline report --points), placed by
 * userpoints_place(): a "Your code" section after the kernels. up may be
 * NULL; sy the symptoms of run, a and up.
 */
int report_write_points(const char *path, const struct rundata *run, const struct analysis *a,
			const struct userpoints *up, const struct symptoms *sy, char *err, size_t errlen);

/*
 * The one-line vectorisation verdict for one kernel file's remarks (vecinfo),
 * as report.md and compare.md print it, written to out. `compiler` is
 * env.csv's cc; `k` the kernel the file is named after (remark_files.kernels,
 * NULL where none): intrinsics kernels say so, families get one verdict per member.
 */
void report_vec_verdict(const char *remarks, const char *compiler, const struct kernel *k,
			char *out, size_t size);

/*
 * 1 when kernel file `file` (name without .c; k the kernel it is named after,
 * remark_files.kernels) holds a kernel the run timed or
 * placed, or when the run names no kernels at all; helpers such as
 * kernel_util and kernels for other ISAs are left out of the verdicts.
 */
int report_kernel_file_used(const struct rundata *run, const struct analysis *a, const struct kernel *k,
			    const char *file);

#endif
