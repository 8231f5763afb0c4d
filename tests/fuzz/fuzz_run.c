/*
 * fuzz_run.c - a fuzz target for the run-directory reader and everything
 * behind it: rundata_load, analysis_build, and the fit, report (report.md
 * and report.html) and compare writers (into a scratch directory), and the user's points-file reader
 * (userpoints_load and _place) with the report that shows them.
 *
 * One input is one run directory, its files split at lines that are exactly
 * "@@@" (kept simple so a person can write a seed by hand):
 *
 *     env.csv bytes
 *     @@@
 *     timings.csv bytes
 *     @@@
 *     failures.csv bytes      (absent without a second "@@@" line)
 *     @@@
 *     points.csv bytes        (a user's points file, roofline report --points;
 *                              absent without a third "@@@" line)
 *     @@@
 *     load.csv bytes          (absent without a fourth "@@@" line)
 *     @@@
 *     stops.csv bytes         (absent without a fifth)
 *     @@@
 *     plan.csv bytes          (absent without a sixth)
 *
 * The line end before an "@@@" line belongs to the file above it; the last
 * file ends where the input ends, with or without a line end (a cut run).
 *
 * With -DFUZZ_FLEET it is the fleet target (fuzz_fleet): an input is a
 * fleet.csv, a "@@@" line, then one rank's pack as measure --mpi sends it to
 * rank 0 (fleet_pack.h; binary, to the input's end), unpacked into the fleet's
 * nodes/a; then the fleet is loaded, each node's run read and fitted, and its
 * report.md, fleet-roofs.csv and fleet-nodes.csv written.
 *
 * With -DFUZZ_FIGURE it is the figure target (fuzz_figure): the same input,
 * fitted, then drawn as roofline.png by the cairo painter (the figure's
 * layout first) at a small size, and written as the four gnuplot scripts
 * (templates from ROOFLINE_TEMPLATES, else the source tree's), which the
 * reading target never reaches: an axis that overflows hung plot there.
 *
 * Built two ways: with clang -fsanitize=fuzzer (make fuzz), and with
 * -DFUZZ_REPLAY as a plain program that runs each file named on its command
 * line once (make test replays the seeds and every crash found, without
 * clang), or with --unpack DIR FILE writes FILE's run directory to DIR so the
 * roofline binary itself can be run on it.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "analysis.h"
#include "compare.h"
#include "compare_write.h"
#include "fitout.h"
#include "fleet.h"
#include "fleet_dir.h"
#include "fleet_pack.h"
#include "fleet_report.h"
#include "gnuplot.h"
#include "plot_cairo.h"
#include "report.h"
#include "report_html.h"
#include "rundata.h"
#include "userpoints.h"
#include "util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char *const run_files[] = { "env.csv", "timings.csv", "failures.csv", "points.csv",
					 "load.csv", "stops.csv", "plan.csv" };
#define RUN_FILES (sizeof run_files / sizeof run_files[0])

/*
 * The input's parts, split at lines that are exactly "@@@" (at most max
 * parts: the last runs to the input's end, separators and all). Returns how many.
 */
static size_t split_parts(const uint8_t *data, size_t size, size_t max, size_t *start, size_t *len)
{
	size_t from = 0, part = 0;
	for (size_t i = 0; i + 4 <= size && part < max - 1; i++) {
		int at_line = i == 0 || data[i - 1] == '\n';
		if (at_line && memcmp(data + i, "@@@\n", 4) == 0) {
			start[part] = from;
			len[part++] = i - from;
			from = i + 4;
			i += 3;
		}
	}
	start[part] = from;
	len[part++] = size - from;
	return part;
}

static int write_file(const char *dir, const char *name, const uint8_t *data, size_t size)
{
	char *path = path_join(dir, name);
	FILE *fp = fopen(path, "wb");
	int rc = -1;
	if (fp) {
		rc = (size && fwrite(data, 1, size, fp) != size) ? -1 : 0;
		if (fclose(fp) != 0)
			rc = -1;
	}
	if (rc != 0)
		fprintf(stderr, "fuzz_run: cannot write %s: %s\n", path, strerror(errno));
	free(path);
	return rc;
}

/* Writes the input's files into dir (see the top comment); those after the last given are removed. */
static int unpack(const char *dir, const uint8_t *data, size_t size)
{
	size_t start[RUN_FILES], len[RUN_FILES];
	size_t parts = split_parts(data, size, RUN_FILES, start, len);
	for (size_t p = 0; p < parts; p++)
		if (write_file(dir, run_files[p], data + start[p], len[p]) != 0)
			return -1;
	/* Files the input does not hold must not survive from the previous input. */
	for (size_t p = parts; p < RUN_FILES; p++) {
		char *path = path_join(dir, run_files[p]);
		unlink(path);
		free(path);
	}
	return 0;
}

static char *scratch;

/* At exit (libFuzzer's too): the scratch directory's files, then the directory itself. */
static void remove_scratch(void)
{
	static const char *const outputs[] = { "env.csv", "timings.csv", "failures.csv", "load.csv",
		"stops.csv", "plan.csv", "roofs.csv", "points.csv", "sweep.csv", "chains.csv", "report.md", "report.html", "compare.md",
		"compare.csv", "roofline.png", "roofline.gp", "bandwidth.gp", "chains.gp", "kernels.gp",
		"fleet.csv", "fleet-roofs.csv", "fleet-nodes.csv" };
#ifdef FUZZ_FLEET
	char *nodes = path_join(scratch, "nodes"), *node = path_join(nodes, "a");
	fleet_pack_remove(node);
	rmdir(nodes);
	free(node);
	free(nodes);
#endif
	for (size_t i = 0; i < sizeof outputs / sizeof outputs[0]; i++) {
		char *path = path_join(scratch, outputs[i]);
		unlink(path);
		free(path);
	}
	if (rmdir(scratch) != 0)
		fprintf(stderr, "fuzz_run: %s left behind: %s\n", scratch, strerror(errno));
	free(scratch);
}

static char *scratch_dir(void)
{
	char *dir = scratch;
	if (!dir) {
		/* In memory where there is a tmpfs: the writers fsync every file they commit. */
		char shm[] = "/dev/shm/roofline-fuzz.XXXXXX", tmp[] = "/tmp/roofline-fuzz.XXXXXX";
		const char *made = mkdtemp(shm);
		if (!made)
			made = mkdtemp(tmp);
		if (!made) {
			perror("fuzz_run: mkdtemp");
			abort();
		}
		dir = scratch = xstrdup(made);
		atexit(remove_scratch);
	}
	return dir;
}

#ifdef FUZZ_FIGURE
#ifndef FUZZ_TEMPLATES
#define FUZZ_TEMPLATES "templates"
#endif
/* The figure of the fit and its gnuplot scripts, as plot draws them (without running gnuplot). */
static void draw(const char *dir, const struct rundata *run, const struct analysis *a,
		 const struct userpoints *up)
{
	char err[512];
	const char *templates = getenv("ROOFLINE_TEMPLATES");
	struct plot_meta meta = {
		.cpu_model = run->info.cpu_model, .compiler = run->info.cc,
		.compiler_version = run->info.cc_version, .kernel_cflags = run->info.kernel_cflags,
		.date_utc = run->info.date_utc, .threads = run->info.threads_max ? run->info.threads_max : 1,
		.user = up,
	};
	char *png = path_join(dir, "roofline.png");
	struct gnuplot_job job = { .run_dir = dir, .out_dir = dir, .run = run, .a = a, .meta = &meta,
				   .templates_dir = templates && *templates ? templates : FUZZ_TEMPLATES };
	/* The smallest size plot takes: the layout's crowding is at its worst, the PNG cheapest. */
	if (plot_roofline(a, &meta, &(struct plot_file){ png, "png", 400, 300 }, err, sizeof err) != 0 ||
	    gnuplot_write(&job, err, sizeof err) != 0)
		fprintf(stderr, "fuzz_figure: %s\n", err);
	free(png);
}
#endif

#ifdef FUZZ_FLEET
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *dir = scratch_dir(), err[512];
	size_t start[2], len[2];
	size_t parts = split_parts(data, size, 2, start, len);
	char *nodes = path_join(dir, "nodes"), *node = path_join(nodes, "a");
	/* A fleet.csv, and nodes/a as rank 0 unpacks a rank's files (none without a pack). */
	fleet_pack_remove(node);
	if (write_file(dir, "fleet.csv", data + start[0], len[0]) != 0 ||
	    (mkdir(nodes, 0777) != 0 && errno != EEXIST))
		abort();
	if (parts == 2 && fleet_unpack((const char *)data + start[1], len[1], node, err, sizeof err) != 0)
		fleet_pack_remove(node);   /* a half-unpacked node is gone, as rank 0 leaves it */
	struct fleet_dir fd;
	if (fleet_dir_load(dir, &fd, err, sizeof err) == 0) {
		struct fleet f;
		struct fleet_member *m = fleet_dir_members(&fd);
		fleet_build(m, fd.n, &f);
		char *report = path_join(dir, "report.md");
		if (fleet_report_write_csv(dir, &fd, &f, err, sizeof err) != 0 ||
		    fleet_report_write(report, &fd, &f, err, sizeof err) != 0)
			fprintf(stderr, "fuzz_fleet: %s\n", err);
		free(report);
		free(m);
		fleet_free(&f);
		fleet_dir_free(&fd);
	}
	free(node);
	free(nodes);
	return 0;
}
#else
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *dir = scratch_dir();
	if (unpack(dir, data, size) != 0)
		return 0;
	struct rundata run;
	char err[512];
	if (rundata_load(dir, &run, err, sizeof err) != 0)
		return 0;
	struct analysis *a = xcalloc(1, sizeof *a);
	if (analysis_build(&run, a, err, sizeof err) == 0) {
		char *report = path_join(dir, "report.md"), *compare = path_join(dir, "compare.md");
		char *compare_csv = path_join(dir, "compare.csv"), *points = path_join(dir, "points.csv");
		char *html = path_join(dir, "report.html");
		/* The user's points first: fitout_write below replaces points.csv with the fit's. */
		struct userpoints up = { 0 };
		int have_points = access(points, F_OK) == 0 &&
				  userpoints_load(points, &up, err, sizeof err) == 0 &&
				  userpoints_place(a, &up, err, sizeof err) == 0;
		struct compare c;
		compare_build(&run, a, &run, a, &c);
		struct symptoms sy;
		symptoms_check(&run, a, have_points ? &up : NULL, &sy);
#ifdef FUZZ_FIGURE
		if (fitout_write(dir, a, err, sizeof err) != 0)
			fprintf(stderr, "fuzz_figure: %s\n", err);
		else
			draw(dir, &run, a, have_points ? &up : NULL);
#else
		if (fitout_write(dir, a, err, sizeof err) != 0 ||
		    report_write_points(report, &run, a, have_points ? &up : NULL, &sy, err, sizeof err) != 0 ||
		    report_html_write(html, &run, a, have_points ? &up : NULL, &sy, err, sizeof err) != 0 ||
		    compare_write(compare, &run, a, &run, a, &c, err, sizeof err) != 0 ||
		    compare_write_csv(compare_csv, &c, err, sizeof err) != 0)
			fprintf(stderr, "fuzz_run: %s\n", err);
#endif
		compare_free(&c);
		userpoints_free(&up);
		free(report);
		free(compare);
		free(compare_csv);
		free(points);
		free(html);
	}
	free(a);
	rundata_free(&run);
	return 0;
}
#endif

#ifdef FUZZ_REPLAY
static uint8_t *read_all(const char *path, size_t *size)
{
	FILE *fp = fopen(path, "rb");
	if (!fp)
		return NULL;
	size_t cap = 4096, n = 0, got;
	uint8_t *buf = xmalloc(cap);
	while ((got = fread(buf + n, 1, cap - n, fp)) > 0)
		if ((n += got) == cap)
			buf = xrealloc(buf, cap *= 2);
	fclose(fp);
	*size = n;
	return buf;
}

int main(int argc, char **argv)
{
	if (argc == 4 && strcmp(argv[1], "--unpack") == 0) {
		size_t size;
		uint8_t *data = read_all(argv[3], &size);
		if (!data) {
			fprintf(stderr, "fuzz_replay: cannot read %s: %s\n", argv[3], strerror(errno));
			return 2;
		}
		int rc = unpack(argv[2], data, size);
		free(data);
		return rc ? 1 : 0;
	}
	for (int i = 1; i < argc; i++) {
		size_t size;
		uint8_t *data = read_all(argv[i], &size);
		if (!data) {
			fprintf(stderr, "fuzz_replay: cannot read %s: %s\n", argv[i], strerror(errno));
			return 2;
		}
		LLVMFuzzerTestOneInput(data, size);
		free(data);
	}
	return 0;
}
#endif
