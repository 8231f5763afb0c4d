/*
 * test_report.c - the output modules: gnuplot scripts (src/gnuplot.c),
 * report.md (src/report.c); compare.md is tested in tests/cli/t0600-compare.sh.
 *
 * The analysis is scripted here, with the numbers of the fixture run in
 * tests/fixtures/gnuplot-run (whose CSV files the scripts read), so every
 * number the report prints is known exactly. Each gnuplot script is run for
 * real: it must exit 0, print nothing on stderr and leave a 1600x1000 PNG.
 * ROOFLINE_TEST_KEEP=1 keeps the scratch directory to look at the figures.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "analysis.h"
#include "compare.h"
#include "diagnosis.h"
#include "fitout.h"
#include "isa.h"
#include "gnuplot.h"
#include "registry.h"
#include "report.h"
#include "note_text.h"
#include "roof_notes.h"
#include "rundata.h"
#include "util.h"
#include "pointtext.h"
#include "roof_text.h"

/* The sentence the writers make of p's verdict (pointtext.h). */
static const char *said(const struct point *p)
{
	static char buf[4][480];
	static int next;
	next = (next + 1) % 4;
	return pointtext_diagnosis(p, buf[next], sizeof buf[next]);
}

/* ---- the scripted run ---------------------------------------------------- */

static const char *const fx_env[][2] = {
	{ "cpu_model", "Intel(R) Xeon(R) W-2245 CPU @ 3.90GHz" },
	{ "isa", "avx512" },
	{ "isas", "scalar sse2 avx2 avx512" },
	{ "isa_dispatch", "x86-64 cpuid (__builtin_cpu_supports)" },
	{ "cores", "8" },
	{ "hw_threads", "16" },
	{ "threads", "1" },
	{ "l1d_bytes", "32768" },
	{ "l2_bytes", "1048576" },
	{ "l3_bytes", "17301504" },
	{ "cc", "gcc" },
	{ "cc_version", "12.2.0" },
	{ "kernel_cflags", "-O3 -march=native" },
	{ "date_utc", "2025-11-28T14:03:11Z" },
	{ "os", "Linux 6.1.0-27-amd64 x86_64" },
	{ "timer", "clock_gettime(CLOCK_MONOTONIC)" },
	{ "timer_resolution_ns", "1" },
	{ "timer_granularity_ns", "21" },
	{ "clock_ghz", "3.44" },
	{ "clock_method", "dependent integer adds, 1 per cycle, best of 11" },
	{ "pinned_cpu", "2" },
};

static const struct roof fx_roofs[] = {
	{ "L1", ROOF_BANDWIDTH, 188.988, 12288, 24576, 3, 185.203, 184.05, 188.017, 1, "", "", 0, { 0 }, STORES_ALLOCATE, JOB_RULE_FITTED, NULL, NULL },
	{ "L2", ROOF_BANDWIDTH, 94.8796, 49152, 786432, 9, 92.7231, 91.3503, 94.7678, 1, "", "", 0, { 0 }, STORES_ALLOCATE, JOB_RULE_FITTED, NULL, NULL },
	{ "L3", ROOF_BANDWIDTH, 49.8253, 1572864, 12582912, 7, 48.5578, 47.737, 49.7452, 1, "", "", 0, { 0 }, STORES_ALLOCATE, JOB_RULE_FITTED, NULL, NULL },
	{ "DRAM", ROOF_BANDWIDTH, 30.961, 50331648, 805306368, 9, 29.7238, 27.8849, 30.9341, 1, "", "", 0, { 0 }, STORES_ALLOCATE, JOB_RULE_FITTED, NULL, NULL },
	{ "peak", ROOF_COMPUTE, 110.075, 0, 0, 9, 109.8, 109.6, 110.0, 1, "", "", 0, { 0 }, STORES_ALLOCATE, JOB_RULE_FITTED, NULL, NULL },
	{ "scalar", ROOF_CEILING, 13.7599, 0, 0, 9, 13.7124, 13.69, 13.73, 1, "", "", 0, { 0 }, STORES_ALLOCATE, JOB_RULE_FITTED, NULL, NULL },
	{ "one-chain", ROOF_CEILING, 13.7556, 0, 0, 9, 13.7316, 13.72, 13.74, 1, "", "", 0, { 0 }, STORES_ALLOCATE, JOB_RULE_FITTED, NULL, NULL },
};

/*
 * Measured points: kernel, param, intensity, median, best and spread. Where
 * each sits and why is not written here: diagnosis_place() says it, from the
 * roofs above and the registry's metadata, as analysis_build does.
 */
static const struct {
	const char *kernel;
	long param;
	double ai, gflops, best, lo, hi;
} fx_points[] = {
	{ "triad", 0, 0.0833333, 2.28572, 2.35923, 2.279, 2.297 },
	{ "dot", 0, 0.125, 1.64032, 1.68734, 1.631, 1.67 },
	{ "dot_split", 0, 0.125, 3.41471, 3.51783, 3.299, 3.472 },
	{ "horner", 1, 0.125, 3.42838, 3.53679, 3.404, 3.505 },
	{ "horner", 2, 0.25, 6.73618, 7.02682, 6.664, 6.892 },
	{ "horner", 4, 0.5, 13.2051, 13.5733, 13.03, 13.43 },
	{ "horner", 8, 1, 23.0108, 23.8673, 22.94, 23.45 },
	{ "horner", 16, 2, 32.8537, 33.8919, 32.5, 33.4 },
	{ "horner", 32, 4, 29.2034, 30.2131, 28.98, 29.25 },
	{ "horner", 64, 8, 23.2854, 24.1483, 22.8, 23.52 },
	{ "horner", 128, 16, 16.7162, 17.0832, 16.58, 16.84 },
	{ "horner_simd_avx512", 1, 0.125, 3.1496, 3.28975, 3.096, 3.215 },
	{ "horner_simd_avx512", 2, 0.25, 6.41114, 6.5708, 6.243, 6.473 },
	{ "horner_simd_avx512", 4, 0.5, 12.5914, 12.9559, 12.5, 12.93 },
	{ "horner_simd_avx512", 8, 1, 24.8437, 25.1799, 24.84, 25.01 },
	{ "horner_simd_avx512", 16, 2, 49.326, 51.652, 49.29, 50.33 },
	{ "horner_simd_avx512", 32, 4, 85.4103, 86.697, 84.43, 85.77 },
	{ "horner_simd_avx512", 64, 8, 93.6891, 95.818, 90.91, 95.43 },
	{ "horner_simd_avx512", 128, 16, 95.9525, 97.8188, 95.52, 96.59 },
};

/* FMA chains: one-chain rate and plateau per ISA (4-cycle latency at 3.44 GHz). */
static const struct {
	const char *kernel, *isa;
	int lanes;
	double one, plateau;
} fx_chains[] = {
	{ "fma_avx512", "avx512", 8, 13.7556, 110.075 },
	{ "fma_avx2", "avx2", 4, 6.87787, 55.0399 },
	{ "fma_sse2", "sse2", 2, 3.43957, 27.5198 },
	{ "fma_scalar", "scalar", 1, 1.71833, 13.7599 },
};

static void fill_run(struct rundata *run, const char *dir)
{
	size_t n = sizeof fx_env / sizeof fx_env[0];
	memset(run, 0, sizeof *run);
	run->dir = xstrdup(dir);
	run->env = xcalloc(n, sizeof *run->env);
	run->nenv = n;
	for (size_t i = 0; i < n; i++) {
		run->env[i].key = xstrdup(fx_env[i][0]);
		run->env[i].value = xstrdup(fx_env[i][1]);
	}
	rundata_parse_env(run);
}

static void free_run(struct rundata *run)
{
	for (size_t i = 0; i < run->nenv; i++) {
		free(run->env[i].key);
		free(run->env[i].value);
	}
	free(run->env);
	free(run->dir);
	remark_files_free(&run->remark_files);
	memset(run, 0, sizeof *run);
}

/* The triad sweep: 4 KiB .. 256 MiB per array in half octaves, on the roofs' plateaus. */
static double fx_level(double ws)
{
	for (size_t i = 0; i < 4; i++)
		if (ws <= fx_roofs[i].size_hi * 1.2)
			return fx_roofs[i].value;
	return fx_roofs[3].value;
}

static void fill_analysis(struct analysis *a)
{
	memset(a, 0, sizeof *a);
	a->nroofs = sizeof fx_roofs / sizeof fx_roofs[0];
	memcpy(a->roofs, fx_roofs, sizeof fx_roofs);
	for (size_t i = 0; i < a->nroofs; i++)
		roof_name_key(&a->roofs[i], a->roofs[i].name, a->roofs[i].kind);
	for (int i = 0; i <= 32; i++) {
		struct sweep_point *p = &a->sweep[a->nsweep++];
		p->param = round(4096 * exp2(i / 2.0) / 64) * 64;
		p->working_set = 3 * p->param;
		p->best = fx_level(p->working_set);
		p->median = p->best * 0.98;
		p->spread_lo = p->best * 0.97;
		p->spread_hi = p->best * 0.99;
		p->kept = 9;
	}
	for (size_t c = 0; c < sizeof fx_chains / sizeof fx_chains[0]; c++) {
		struct chain_curve *cc = &a->chains[a->nchains++];
		snprintf(cc->kernel, sizeof cc->kernel, "%s", fx_chains[c].kernel);
		cc->isa = cpu_isa_parse(fx_chains[c].isa);
		cc->k = registry_find(fx_chains[c].kernel);   /* as the fit resolves it */
		cc->lanes = fx_chains[c].lanes;
		for (int k = 1; k <= 32; k++) {
			cc->chains[cc->n] = k;
			cc->best[cc->n] = fmin(k * fx_chains[c].one, fx_chains[c].plateau);
			cc->median[cc->n] = cc->best[cc->n] * 0.997;
			cc->n++;
		}
		cc->plateau = fx_chains[c].plateau;
		cc->plateau_chains = 8;
		cc->latency_cycles = 2 * cc->lanes * 3.44 / fx_chains[c].one;
		cc->chains_to_saturate = 8;
	}
	for (size_t i = 0; i < sizeof fx_points / sizeof fx_points[0]; i++) {
		struct point *p = &a->points[a->npoints++];
		snprintf(p->kernel, sizeof p->kernel, "%s", fx_points[i].kernel);
		const struct kernel *k = registry_find(fx_points[i].kernel);
		assert_non_null(k);
		snprintf(p->family, sizeof p->family, "%s", k->family);
		p->param_letter = k->param_letter;
		kernel_pattern(k, p->pattern, sizeof p->pattern);
		p->k = k;
		p->family_k = registry_family(k);
		p->isa = k->isa;
		/* The fixture's remarks: gcc vectorised the compiled kernels 8 wide. */
		p->vec_width = k->isa == ISA_NONE ? 8 : 0;
		p->param = fx_points[i].param;
		p->threads = 1;
		p->working_set = 2 * 134217728.0;
		snprintf(p->level, sizeof p->level, "DRAM");
		p->ai = fx_points[i].ai;
		p->gflops = fx_points[i].gflops;
		p->best_gflops = fx_points[i].best;
		p->spread_lo = fx_points[i].lo;
		p->spread_hi = fx_points[i].hi;
		diagnosis_place(a, p);
	}
	a->peak = 110.075;
	a->clock_ghz = 3.44;
	a->ridge = 110.075 / 30.961;
	/* A note of the plateaus against the reported caches, then the DRAM verdict: both typed facts. */
	a->roof_notes[a->nnotes++] = (struct roof_note){ .kind = NOTE_CACHE_NOT_REPORTED, .planned = MEM_L1,
							 .size_hi = 32768, .ws_lo = 24576, .ws_hi = 34816 };
	struct level_map *m = &a->levels[a->nlevels++];
	m->threads = 1;
	m->dram = (struct dram_verdict){ .state = DRAM_FOUND, .reason = DRAM_BY_STREAM_RULE,
					 .samples = 9, .value = 30.961, .size_lo = 48 * 1048576.0,
					 .size_hi = 768 * 1048576.0, .end_rate = 30.2,
					 .flat_tol = 0.10, .reported_llc = 16.5 * 1048576,
					 .rule_bytes = 66 * 1048576.0 };
	a->roof_notes[a->nnotes++] = (struct roof_note){ .kind = NOTE_DRAM_VERDICT, .map = 1 };
}

/* ---- scratch directories --------------------------------------------------- */

struct scratch {
	char root[64];
	char *run, *plots, *fixture;
	struct rundata run_data;
	struct analysis *a;
};

static const char *src_dir(void)
{
	const char *s = getenv("ROOFLINE_SRC");
	return s && *s ? s : ".";
}

static void copy_file(const char *from, const char *to)
{
	FILE *in = fopen(from, "rb");
	assert_non_null(in);
	FILE *out = fopen(to, "wb");
	assert_non_null(out);
	char buf[8192];
	size_t n;
	while ((n = fread(buf, 1, sizeof buf, in)) > 0)
		assert_int_equal(fwrite(buf, 1, n, out), n);
	fclose(in);
	assert_int_equal(fclose(out), 0);
}

/* Copies the regular files of directory from (one level of subfolders too) into to. */
static void copy_dir(const char *from, const char *to)
{
	DIR *d = opendir(from);
	assert_non_null(d);
	struct dirent *e;
	while ((e = readdir(d))) {
		if (e->d_name[0] == '.')
			continue;
		char *src = path_join(from, e->d_name), *dst = path_join(to, e->d_name);
		struct stat st;
		assert_int_equal(stat(src, &st), 0);
		if (S_ISDIR(st.st_mode)) {
			assert_int_equal(mkdir(dst, 0755), 0);
			copy_dir(src, dst);
		} else if (S_ISREG(st.st_mode)) {
			copy_file(src, dst);
		}
		free(src);
		free(dst);
	}
	closedir(d);
}

static void remove_tree(const char *path)
{
	struct stat st;
	if (lstat(path, &st) != 0)
		return;
	if (S_ISDIR(st.st_mode)) {
		DIR *d = opendir(path);
		struct dirent *e;
		while (d && (e = readdir(d))) {
			if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
				continue;
			char *p = path_join(path, e->d_name);
			remove_tree(p);
			free(p);
		}
		if (d)
			closedir(d);
		rmdir(path);
	} else {
		unlink(path);
	}
}

static int setup(void **state)
{
	struct scratch *s = xcalloc(1, sizeof *s);
	snprintf(s->root, sizeof s->root, "/tmp/roofline-test-report-XXXXXX");
	if (!mkdtemp(s->root))
		return -1;
	s->run = path_join(s->root, "run");
	s->plots = path_join(s->root, "plots");
	s->fixture = xasprintf("%s/tests/fixtures/gnuplot-run", src_dir());
	if (mkdir(s->run, 0755) != 0 || mkdir(s->plots, 0755) != 0)
		return -1;
	copy_dir(s->fixture, s->run);
	fill_run(&s->run_data, s->run);
	s->a = xcalloc(1, sizeof *s->a);
	fill_analysis(s->a);
	/* The CSV files the scripts read, from this analysis (the fixture keeps its timings only). */
	char err[512];
	if (fitout_write(s->run, s->a, err, sizeof err) != 0)
		return -1;
	*state = s;
	return 0;
}

static int teardown(void **state)
{
	struct scratch *s = *state;
	if (getenv("ROOFLINE_TEST_KEEP"))
		fprintf(stderr, "# kept %s\n", s->root);
	else
		remove_tree(s->root);
	free_run(&s->run_data);
	free(s->a);
	free(s->run);
	free(s->plots);
	free(s->fixture);
	free(s);
	return 0;
}

static char *templates(void)
{
	return xasprintf("%s/templates", src_dir());
}

static char *slurp(const char *path)
{
	FILE *fp = fopen(path, "rb");
	if (!fp)
		return NULL;
	size_t cap = 4096, len = 0, n;
	char *s = xmalloc(cap);
	while ((n = fread(s + len, 1, cap - len - 1, fp)) > 0) {
		len += n;
		if (cap - len < 2)
			s = xrealloc(s, cap *= 2);
	}
	fclose(fp);
	s[len] = '\0';
	return s;
}

static void assert_contains(const char *text, const char *needle)
{
	if (!text || !strstr(text, needle))
		fail_msg("expected to find: %s", needle);
}

/* An unfilled @NAME@ left in a script. */
static int has_placeholder(const char *text)
{
	for (const char *p = strchr(text, '@'); p; p = strchr(p + 1, '@')) {
		const char *q = p + 1;
		while ((*q >= 'A' && *q <= 'Z') || *q == '_' || (*q >= '0' && *q <= '9'))
			q++;
		if (q > p + 1 && *q == '@')
			return 1;
	}
	return 0;
}

static int gnuplot_available(void)
{
	return system("command -v gnuplot >/dev/null 2>&1") == 0;
}

/* Runs `gnuplot NAME.gp` in dir; asserts exit 0, an empty stderr and a 1600x1000 PNG. */
static void assert_renders(const char *dir, const char *name)
{
	char *cmd = xasprintf("cd '%s' && gnuplot %s.gp 2>%s.stderr", dir, name, name);
	int rc = system(cmd);
	free(cmd);
	char *errpath = xasprintf("%s/%s.stderr", dir, name);
	char *errtext = slurp(errpath);
	if (rc != 0 || !errtext || errtext[0])
		fail_msg("gnuplot %s.gp: status %d, stderr: %s", name, rc, errtext ? errtext : "?");
	free(errtext);
	unlink(errpath);
	free(errpath);

	/* roofline.gp writes roofline-gnuplot.png: roofline.png is the cairo figure. */
	char *png = xasprintf("%s/%s%s.png", dir, name,
			      strcmp(name, "roofline") == 0 ? "-gnuplot" : "");
	FILE *fp = fopen(png, "rb");
	if (!fp)
		fail_msg("%s: not written", png);
	unsigned char h[24];
	assert_int_equal(fread(h, 1, sizeof h, fp), sizeof h);
	fclose(fp);
	assert_memory_equal(h, "\x89PNG\r\n\x1a\n", 8);
	unsigned long w = (unsigned long)h[16] << 24 | (unsigned long)h[17] << 16 | (unsigned long)h[18] << 8 | h[19];
	unsigned long ht = (unsigned long)h[20] << 24 | (unsigned long)h[21] << 16 | (unsigned long)h[22] << 8 | h[23];
	assert_int_equal(w, 1600);
	assert_int_equal(ht, 1000);
	free(png);
}

/* ---- gnuplot ------------------------------------------------------------------ */

static void test_gnuplot_scripts_render(void **state)
{
	struct scratch *s = *state;
	char err[512] = "";
	char *tdir = templates();
	int rc = gnuplot_write_scripts(s->run, s->plots, &s->run_data, s->a, tdir, err, sizeof err);
	if (rc != 0)
		fail_msg("gnuplot_write_scripts: %s", err);
	free(tdir);

	char *p = path_join(s->plots, "roofline.gp");
	char *text = slurp(p);
	free(p);
	/* The run directory is named relative to the script; roofs and labels are the figure's scene. */
	assert_contains(text, "run = '../run'");
	assert_contains(text, "set label 'peak 110.1 GFLOP/s' at ");
	assert_contains(text, "set label 'DRAM 31.0 GB/s' at ");
	assert_contains(text, "set label 'horner_simd_avx512 D=1…128' at ");
	assert_contains(text, "set terminal pngcairo size 1600,1000");
	assert_false(has_placeholder(text));
	free(text);

	if (!gnuplot_available())
		skip();
	for (size_t i = 0; i < gnuplot_nscripts; i++)
		assert_renders(s->plots, gnuplot_scripts[i]);
}

/* A run that measured only the bandwidth group: no peak, no chains, no kernels. */
static void test_gnuplot_missing_groups(void **state)
{
	struct scratch *s = *state;
	char err[512] = "";
	s->a->nchains = 0;
	s->a->npoints = 0;
	s->a->nroofs = 4;          /* L1, L2, L3, DRAM */
	s->a->peak = NAN;
	s->a->ridge = NAN;
	char *tdir = templates();
	if (gnuplot_write_scripts(s->run, s->plots, &s->run_data, s->a, tdir, err, sizeof err) != 0)
		fail_msg("gnuplot_write_scripts: %s", err);
	free(tdir);
	char *p = path_join(s->plots, "chains.gp");
	char *text = slurp(p);
	assert_contains(text, "no peak group in this run");
	free(text);
	free(p);
	p = path_join(s->plots, "roofline.gp");
	text = slurp(p);
	assert_null(strstr(text, "set label 'peak "));   /* no peak drawn */
	assert_contains(text, "set label 'DRAM 31.0 GB/s' at ");
	assert_null(strstr(text, "no roofs and no kernels"));
	free(text);
	free(p);
	if (!gnuplot_available())
		skip();
	for (size_t i = 0; i < gnuplot_nscripts; i++)
		assert_renders(s->plots, gnuplot_scripts[i]);
}

/* A run directory far from the output directory is named by its absolute path. */
static void test_gnuplot_run_dir_path(void **state)
{
	struct scratch *s = *state;
	char err[512] = "";
	char *tdir = templates();
	char *deeper = path_join(s->plots, "a");
	assert_int_equal(mkdir(deeper, 0755), 0);
	assert_int_equal(gnuplot_write_scripts(s->run, deeper, &s->run_data, s->a, tdir, err, sizeof err), 0);
	char *p = path_join(deeper, "bandwidth.gp");
	char *text = slurp(p);
	assert_contains(text, "run = '../../run'");
	free(text);
	free(p);
	free(deeper);
	free(tdir);
}

static void test_gnuplot_errors(void **state)
{
	struct scratch *s = *state;
	char err[512] = "";
	char *tdir = templates();

	/* A CSV file a script reads is missing: say which and what to run. */
	char *chains = path_join(s->run, "chains.csv");
	assert_int_equal(unlink(chains), 0);
	assert_int_equal(gnuplot_write_scripts(s->run, s->plots, &s->run_data, s->a, tdir, err, sizeof err), -1);
	assert_contains(err, "chains.csv");
	assert_contains(err, "roofline fit");
	free(chains);

	/* No templates where told. */
	s->a->nchains = 0;
	err[0] = '\0';
	assert_int_equal(gnuplot_write_scripts(s->run, s->plots, &s->run_data, s->a, "/nonexistent", err, sizeof err), -1);
	assert_contains(err, "/nonexistent/roofline.gp.in");

	/* A template with a placeholder nobody fills: file and line. */
	char *bad = path_join(s->root, "bad");
	assert_int_equal(mkdir(bad, 0755), 0);
	char *t = path_join(bad, "roofline.gp.in");
	FILE *fp = fopen(t, "w");
	assert_non_null(fp);
	fputs("run = '@RUN_DIR@'\nset title '@NO_SUCH@'\n", fp);
	assert_int_equal(fclose(fp), 0);
	err[0] = '\0';
	assert_int_equal(gnuplot_write_scripts(s->run, s->plots, &s->run_data, s->a, bad, err, sizeof err), -1);
	assert_contains(err, "roofline.gp.in:2: unknown placeholder @NO_SUCH@");
	/* Nothing half-written is left behind. */
	char *tmp = path_join(s->plots, "roofline.gp");
	assert_int_not_equal(access(tmp, F_OK), 0);
	free(tmp);
	free(t);
	free(bad);
	free(tdir);
}

static void test_gnuplot_templates_dir(void **state)
{
	(void)state;
	char *old = getenv("ROOFLINE_TEMPLATES") ? xstrdup(getenv("ROOFLINE_TEMPLATES")) : NULL;
	setenv("ROOFLINE_TEMPLATES", "/somewhere/templates", 1);
	assert_string_equal(gnuplot_templates_dir("roofline"), "/somewhere/templates");
	unsetenv("ROOFLINE_TEMPLATES");
	/* Beside the executable: a build tree's templates, else an installed tree's. */
	const char *d = gnuplot_templates_dir("x");
	size_t n = strlen(d);
	assert_true((n > 13 && strcmp(d + n - 13, "/../templates") == 0) ||
		    (n > 28 && strcmp(d + n - 28, "/../share/roofline/templates") == 0));
	if (old) {
		setenv("ROOFLINE_TEMPLATES", old, 1);
		free(old);
	}
}

static void test_gnuplot_render(void **state)
{
	struct scratch *s = *state;
	char err[512] = "";
	char *tdir = templates();
	assert_int_equal(gnuplot_write_scripts(s->run, s->plots, &s->run_data, s->a, tdir, err, sizeof err), 0);
	free(tdir);

	/* Without gnuplot on PATH: 1, nothing run, nothing failed. */
	char *old = xstrdup(getenv("PATH") ? getenv("PATH") : "");
	setenv("PATH", s->root, 1);
	assert_int_equal(gnuplot_render_as(s->plots, NULL, err, sizeof err), 1);
	setenv("PATH", old, 1);
	free(old);
	assert_int_equal(gnuplot_render_as(s->plots, "gif", err, sizeof err), -1);
	assert_contains(err, "gif");

	if (!gnuplot_available())
		skip();
	if (gnuplot_render_as(s->plots, "svg", err, sizeof err) != 0)
		fail_msg("gnuplot_render_as svg: %s", err);
	char *svg = path_join(s->plots, "kernels.svg");
	char *text = slurp(svg);
	assert_contains(text, "<svg");
	free(text);
	free(svg);
	if (gnuplot_render_as(s->plots, NULL, err, sizeof err) != 0)
		fail_msg("gnuplot_render_as png: %s", err);
	char *png = path_join(s->plots, "chains.png");
	assert_int_equal(access(png, R_OK), 0);
	free(png);

	/* A script that fails is reported by name. */
	char *gp = path_join(s->plots, "chains.gp");
	FILE *fp = fopen(gp, "w");
	assert_non_null(fp);
	fputs("this is not gnuplot\n", fp);
	assert_int_equal(fclose(fp), 0);
	free(gp);
	/* gnuplot's complaint is expected: keep it off the test's stderr. */
	fflush(stderr);
	int saved = dup(2), null = open("/dev/null", O_WRONLY);
	assert_true(saved >= 0 && null >= 0);
	dup2(null, 2);
	int rc = gnuplot_render_as(s->plots, NULL, err, sizeof err);
	dup2(saved, 2);
	close(saved);
	close(null);
	assert_int_equal(rc, -1);
	assert_contains(err, "chains.gp");
}

/* ---- report.md ----------------------------------------------------------------- */

static char *write_report(struct scratch *s)
{
	char err[512] = "";
	char *path = path_join(s->plots, "report.md");
	/* Input reads the remarks/ folder (as rundata_load does); the report only writes. */
	remark_files_free(&s->run_data.remark_files);
	remark_files_load(s->run, &s->run_data.remark_files);
	struct symptoms sy;
	symptoms_check(&s->run_data, s->a, NULL, &sy);
	if (report_write(path, &s->run_data, s->a, &sy, err, sizeof err) != 0)
		fail_msg("report_write: %s", err);
	char *text = slurp(path);
	free(path);
	return text;
}

/* The kernels-table row starting with `head`, ending with the diagnosis of point (kernel, param). */
static void assert_row(const char *text, const struct analysis *a, const char *head,
		       const char *kernel, long param)
{
	const struct point *p = NULL;
	for (size_t i = 0; i < a->npoints && !p; i++)
		if (a->points[i].param == param && strcmp(a->points[i].kernel, kernel) == 0)
			p = &a->points[i];
	assert_non_null(p);
	assert_true(strlen(said(p)) > 20);
	char *row = xasprintf("%s%s |\n", head, said(p));
	if (!strstr(text, row))
		fail_msg("no row\n%s", row);
	free(row);
}

static void test_report_full(void **state)
{
	struct scratch *s = *state;
	char *text = write_report(s);
	/* Header from env.csv. */
	assert_contains(text, "# Roofline: Intel(R) Xeon(R) W-2245 CPU @ 3.90GHz\n");
	assert_contains(text, "| compiler | gcc 12.2.0 |");
	assert_contains(text, "| kernel flags | `-O3 -march=native` |");
	assert_contains(text, "| timer | clock_gettime(CLOCK_MONOTONIC), resolution 1 ns, granularity 21 ns |");
	assert_contains(text, "dispatch: x86-64 cpuid (__builtin_cpu_supports) |");
	assert_contains(text, "| caches (as reported) | L1d 32 KiB, L2 1 MiB, L3 16.5 MiB |");
	assert_contains(text, "| date (UTC) | 2025-11-28T14:03:11Z |");
	/* Units up front, then the figure. */
	assert_contains(text, "1 GB = 10^9 bytes");
	assert_contains(text, "moves 24 bytes");
	assert_contains(text, "![roofline](roofline.png)");
	assert_true(strstr(text, "1 GB = 10^9") < strstr(text, "## Roofs"));
	/* Roofs with statistic, median, spread and range. */
	assert_contains(text, "| L1 | 189.0 GB/s | mean of the 3 best sizes' best (3 in the plateau) | 185.2 | 184.1 – 188.0 | 12 KiB – 24 KiB |");
	assert_contains(text, "| DRAM | 31.0 GB/s | mean of the 3 best sizes' best (9 in the plateau) | 29.7 | 27.9 – 30.9 | 48 MiB – 768 MiB |");
	assert_contains(text, "| peak | 110.1 GFLOP/s | best timing, widest ISA: FMA chains or an FMA+add mix (2:1, 1:1, 1:2), at its best member |");
	assert_contains(text, "| one-chain | 13.8 GFLOP/s | best timing, one chain of the widest ISA |");
	assert_contains(text, "Ridge point: peak / DRAM = 3.56 flop/byte.");
	/* Notes: the text one as written, the DRAM verdict worded by the writer from its numbers. */
	assert_contains(text, "- L1: the machine reports 32 KiB, but the measured L1 plateau ends at 24 KiB of working set and the next level starts by 34 KiB: the measured plateaus are used\n");
	assert_contains(text, "- DRAM: 31 GB/s from 9 sizes, 48 MiB .. 768 MiB of working set, within 10% of the rate at the sweep's largest size (30.2 GB/s); STREAM's rule: each array at least 4x the reported 16.5 MiB last-level cache, 66 MiB\n");
	/* Little's law. */
	assert_contains(text, "| avx512 | 8 | 13.8 GFLOP/s | 110.1 GFLOP/s at K = 8 | 8 | 4.0 cycles | 3.44 GHz |");
	assert_contains(text, "| scalar | 1 | 1.72 GFLOP/s | 13.8 GFLOP/s at K = 8 | 8 | 4.0 cycles | 3.44 GHz |");
	/*
	 * Kernels: each row prints what diagnosis_place made of the point (the
	 * roof's median at its intensity: DRAM 29.72 GB/s / 12 = 2.477 for the
	 * triad; the peak's median 109.8 for horner D = 128), and its sentence.
	 */
	assert_contains(text, "median / the roof's median");
	assert_row(text, s->a, "| triad | — | DRAM | 0.0833 | 2.29 | 2.36 | DRAM 2.48 | 92 % | memory | ", "triad", 0);
	assert_row(text, s->a, "| horner | D = 128 | DRAM | 16 | 16.7 | 17.1 | peak 109.8 | 15 % | compute | ", "horner", 128);
	assert_row(text, s->a, "| horner_simd_avx512 | D = 64 | DRAM | 8 | 93.7 | 95.8 | peak 109.8 | 85 % | compute | ", "horner_simd_avx512", 64);
	/* The compiler's verdict per kernel file, from remarks/. */
	assert_contains(text, "## What the compiler did (gcc 12.2.0, `-O3 -march=native`)");
	/* (fixture remarks: gcc 12.2 -O3 -march=native on an AVX-512 machine, as built) */
	assert_contains(text, "| dot.c | vectorised, width 8");
	assert_contains(text, "| horner.c | D = 1–128: vectorised, width 8");
	assert_contains(text, "| horner_simd_avx512.c | avx512 intrinsics, vector code by hand (loop vectoriser: ");
	assert_contains(text, "horner.c:44:1: optimized: loop vectorized using 64 byte vectors\n");
	/* Only files of kernels the run placed: no helpers, no other ISAs. */
	assert_null(strstr(text, "| kernel_util.c |"));
	assert_null(strstr(text, "| fma_neon.c |"));
	assert_contains(text, "| isa_dispatch | x86-64 cpuid (__builtin_cpu_supports) |");
	free(text);
}

/* The lines of text before its line `heading` (the first screen); fails when there is none. */
static int lines_before(const char *text, const char *heading)
{
	const char *at = strstr(text, heading);
	assert_non_null(at);
	int n = 0;
	for (const char *c = text; c < at; c++)
		n += *c == '\n';
	return n;
}

/* How often needle occurs in text. */
static int occurrences(const char *text, const char *needle)
{
	int n = 0;
	for (const char *c = strstr(text, needle); c; c = strstr(c + 1, needle))
		n++;
	return n;
}

/*
 * The first screen: under REPORT_SUMMARY_LINES lines before the details,
 * with the machine, the budget row, each level's roof, the peak, the ridge
 * and the kernels by family, each figure the scripted analysis holds.
 */
static void test_report_first_screen(void **state)
{
	struct scratch *s = *state;
	char *text = write_report(s);
	assert_true(strncmp(text, "# Roofline: Intel(R) Xeon(R) W-2245 CPU @ 3.90GHz\n", 50) == 0);
	assert_true(lines_before(text, "\n## Details\n") <= 40);
	assert_contains(text, "| machine | Intel(R) Xeon(R) W-2245 CPU @ 3.90GHz: 8 cores; L1d 32 KiB, L2 1 MiB, L3 16.5 MiB, 3.44 GHz; avx512; gcc 12.2.0 `-O3 -march=native`; 2025-11-28T14:03:11Z |");
	assert_contains(text, "| budget | ");
	assert_contains(text, "| roof | one core |\n");
	assert_contains(text, "| L1 | 189.0 GB/s |\n");
	assert_contains(text, "| DRAM | 31.0 GB/s |\n");
	assert_contains(text, "| peak | 110.1 GFLOP/s |\n");
	assert_contains(text, "**Ridge:** 3.56 flop/byte on one core (peak / DRAM)");
	/* Families: horner's members span 15 % (D = 128) to their best; dot and dot_split are one family. */
	assert_contains(text, "| triad | memory | DRAM | 92 %, triad | 92 %, triad |\n");
	assert_contains(text, "| horner | ");
	assert_contains(text, "| 15 %, horner D = 128 |\n");
	assert_true(strstr(text, "| dot | memory | DRAM | ") < strstr(text, "## Details"));
	assert_true(strstr(text, "| budget | ") < strstr(text, "## Details"));
	/* The details as before, after it. */
	assert_true(strstr(text, "## Details") < strstr(text, "| compiler | gcc 12.2.0 |"));
	assert_null(strstr(strstr(text, "## Details"), "| budget | "));
	/* Nothing in this run asks the reader to act, and the screen says so without inventing one. */
	assert_contains(text, "**To act on:** nothing; the run has every group, no check failed, its sweeps "
			"reached DRAM and no symptom of a wrong chart was found.\n\n## Details");
	free(text);
}

/*
 * However much the run holds, the first screen keeps its bounds: at most
 * REPORT_SUMMARY_FAMILIES families (the rest counted in one line), at most
 * REPORT_SUMMARY_NOTES notes to act on, under 40 lines in all.
 */
static void test_report_first_screen_bounded(void **state)
{
	struct scratch *s = *state;
	struct analysis *a = s->a;
	size_t base = a->npoints;
	for (size_t i = 0; i < 20 && a->npoints < ANALYSIS_MAX_POINTS; i++) {
		struct point *p = &a->points[a->npoints++];
		*p = a->points[i % base];
		snprintf(p->family, sizeof p->family, "family%02zu", i);
		p->family_k = NULL;   /* families of no registry entry: told apart by name */
	}
	/* A DRAM the sweep never reached, at two thread counts, and a failed check: four notes to act on. */
	a->levels[0].dram.state = DRAM_NOT_REACHED;
	a->levels[0].dram.reason = DRAM_STILL_FALLING;
	a->levels[1] = a->levels[0];
	a->levels[1].threads = 2;
	a->nlevels = 2;
	struct failure f = { TGROUP_KERNELS, "horner", 64, "wrong" };
	s->run_data.failures = &f;
	s->run_data.nfailures = 1;
	a->nnoisy = 3;
	char *text = write_report(s);
	s->run_data.failures = NULL;
	s->run_data.nfailures = 0;
	int lines = lines_before(text, "\n## Details\n");
	assert_true(lines <= 40);
	const char *act = strstr(text, "**To act on:**");
	assert_non_null(act);
	assert_true(act < strstr(text, "## Details"));
	char *screen = xasprintf("%.*s", (int)(strstr(text, "## Details") - act), act);
	assert_int_equal(occurrences(screen, "\n- "), 3);
	assert_contains(screen, "- 1 job computed a wrong result and is left out");
	assert_contains(screen, "- DRAM not reached: the curve was still falling");
	assert_contains(screen, "- DRAM@2t not reached: the curve was still falling");
	free(screen);
	assert_contains(text, "more families in the kernels table below.");
	assert_null(strstr(text, "| family19 |"));
	free(text);
}

/*
 * A note several roofs share is said once in report.md, listing them; one
 * of its own kind stays as it is; the fit's summary (notes[]) keeps one
 * sentence a roof.
 */
static void test_report_notes_said_once(void **state)
{
	struct scratch *s = *state;
	struct analysis *a = s->a;
	static const struct { const char *roof, *level; enum kernel_stores stores; double to, from; } set[] = {
		{ "L1", "L1", STORES_IN_PLACE, 180, 200 }, { "L2", "L2", STORES_IN_PLACE, 90, 101 },
		{ "DRAM", "DRAM", STORES_STREAMING, 25, 35 }, { "L1@2t", "L1", STORES_IN_PLACE, 360, 400 },
	};
	for (size_t i = 0; i < sizeof set / sizeof set[0]; i++) {
		struct roof_note n = { .kind = NOTE_STORES_SET_ROOF, .stores = set[i].stores,
				       .from = set[i].from, .to = set[i].to };
		snprintf(n.roof, sizeof n.roof, "%s", set[i].roof);
		snprintf(n.kernel, sizeof n.kernel, "%s", set[i].stores == STORES_IN_PLACE ? "bw_update_avx512"
											: "bw_triad_nt_avx512");
		snprintf(n.level, sizeof n.level, "%s", set[i].level);
		snprintf(n.pattern, sizeof n.pattern, "2r1w");
		analysis_roof_note(a, &n);
	}
	struct roof_note slope = { .kind = NOTE_PLATEAU_SLOPE, .monotone = 1, .from = 107, .to = 82.6,
				   .size_lo = 543 * 1024.0, .size_hi = 12 * 1048576.0 };
	snprintf(slope.roof, sizeof slope.roof, "L3");
	analysis_roof_note(a, &slope);
	snprintf(slope.roof, sizeof slope.roof, "L3@2t");
	slope.monotone = 0;
	analysis_roof_note(a, &slope);
	char said[600];
	assert_string_equal(analysis_note_text(a, a->nnotes - 6, said, sizeof said), "L1: stores in place set the roof, 200 GB/s "
			    "(bw_update_avx512); with ordinary stores 180 GB/s, the L1.2r1w roof that kernels "
			    "whose stores allocate are judged against");
	assert_string_equal(analysis_note_text(a, a->nnotes - 1, said, sizeof said), "L3@2t ranges from 107 to 82.6 GB/s across its "
			    "plateau (543 KiB .. 12 MiB of working set, best per size): a slope of the level, not noise");
	char *text = write_report(s);
	assert_int_equal(occurrences(text, "set the roof"), 2);
	assert_contains(text, "- stores in place set the roof of 3 levels, by bw_update_avx512 unless named, "
			"over ordinary stores' rate (in brackets): L1 200 GB/s (180), L2 101 GB/s (90), L1@2t 400 GB/s "
			"(360); kernels whose stores allocate are judged against the ordinary stores' roof of their "
			"level, L1.2r1w and the like\n");
	assert_contains(text, "- DRAM: streaming stores set the roof, 35 GB/s (bw_triad_nt_avx512); with ordinary "
			"stores 25 GB/s, the DRAM.2r1w roof that kernels whose stores allocate are judged against\n");
	assert_int_equal(occurrences(text, "not noise"), 1);
	assert_contains(text, "- 2 plateaus slope across their sizes (best per size), a slope of each level, not "
			"noise: L3 falls from 107 to 82.6 GB/s (543 KiB .. 12 MiB), L3@2t ranges from 107 to 82.6 GB/s "
			"(543 KiB .. 12 MiB)\n");
	free(text);
}

/*
 * A reported sharing the curve overruled (docs/plan.md R7) is said in the
 * report, from its typed facts: the level, the CPUs the report says share
 * it, one instance's size, the team, and where its plateau ran.
 */
static void test_report_sharing_overruled(void **state)
{
	struct scratch *s = *state;
	struct analysis *a = s->a;
	struct roof_note n = { .kind = NOTE_SHARING_OVERRULED, .planned = MEM_L2, .shared_cpus = 4,
			       .instances = 1, .size_hi = 2 * 1048576.0, .threads = 4, .ws_hi = 7.6 * 1048576 };
	analysis_roof_note(a, &n);
	n.instances = 2;
	n.threads = 8;
	n.ws_hi = 14 * 1048576.0;
	analysis_roof_note(a, &n);
	char said[600];
	assert_string_equal(analysis_note_text(a, a->nnotes - 2, said, sizeof said), "L2: reported shared by 4 "
			    "CPUs (one 2 MiB instance), but at 4 threads its plateau runs to 7.6 MiB, past 1.5x one "
			    "instance: read as each core's own (the curve overrules the report)");
	assert_string_equal(analysis_note_text(a, a->nnotes - 1, said, sizeof said), "L2: reported shared by 4 "
			    "CPUs (2 MiB instances), but at 8 threads its plateau runs to 14 MiB, past 1.5x its 2 "
			    "instances: read as each core's own (the curve overrules the report)");
	char *text = write_report(s);
	assert_contains(text, "- L2: reported shared by 4 CPUs (one 2 MiB instance), but at 4 threads its plateau "
			"runs to 7.6 MiB, past 1.5x one instance: read as each core's own (the curve overrules the "
			"report)\n");
	assert_int_equal(occurrences(text, "the curve overrules the report"), 2);
	free(text);
}

/*
 * Many cores' rates, 1000 GB/s and more, said as whole numbers in the notes,
 * one roof's and a group's: "2497", never "2.5e+03".
 */
static void test_report_notes_many_core_rates(void **state)
{
	struct scratch *s = *state;
	struct analysis *a = s->a;
	static const struct { const char *roof; double to, from; } set[] = {
		{ "L1@16t", 2496.87, 5497.4 }, { "L3@16t", 999.5, 1090.4 },
	};
	for (size_t i = 0; i < sizeof set / sizeof set[0]; i++) {
		struct roof_note n = { .kind = NOTE_STORES_SET_ROOF, .stores = STORES_IN_PLACE,
				       .from = set[i].from, .to = set[i].to };
		snprintf(n.roof, sizeof n.roof, "%s", set[i].roof);
		snprintf(n.kernel, sizeof n.kernel, "bw_update_avx512");
		snprintf(n.level, sizeof n.level, "%.2s", set[i].roof);
		snprintf(n.pattern, sizeof n.pattern, "2r1w");
		analysis_roof_note(a, &n);
	}
	struct roof_note slope = { .kind = NOTE_PLATEAU_SLOPE, .monotone = 1, .from = 2496.87, .to = 1090.4,
				   .size_lo = 543 * 1024.0, .size_hi = 12 * 1048576.0 };
	snprintf(slope.roof, sizeof slope.roof, "L3@16t");
	analysis_roof_note(a, &slope);
	char said[600];
	assert_string_equal(analysis_note_text(a, a->nnotes - 3, said, sizeof said), "L1@16t: stores in place set the roof, 5497 GB/s "
			    "(bw_update_avx512); with ordinary stores 2497 GB/s, the L1.2r1w roof that kernels "
			    "whose stores allocate are judged against");
	assert_string_equal(analysis_note_text(a, a->nnotes - 1, said, sizeof said), "L3@16t falls from 2497 to 1090 GB/s across its "
			    "plateau (543 KiB .. 12 MiB of working set, best per size): a slope of the level, not noise");
	char *text = write_report(s);
	assert_contains(text, "over ordinary stores' rate (in brackets): L1@16t 5497 GB/s (2497), L3@16t 1090 GB/s "
			"(1000); kernels whose stores");
	assert_null(strstr(text, "e+0"));
	free(text);
}

static void test_report_missing_groups(void **state)
{
	struct scratch *s = *state;
	s->a->nchains = 0;
	s->a->npoints = 0;
	s->a->nsweep = 0;
	s->a->nroofs = 0;
	s->a->nnotes = 0;
	s->a->peak = NAN;
	s->a->ridge = NAN;
	s->a->clock_ghz = NAN;
	char *rem = path_join(s->run, "remarks");
	remove_tree(rem);
	free(rem);
	struct failure f = { TGROUP_KERNELS, "horner", 64, "a[17]: got 1.5, want 1.25 (rel. error 0.2 > 1e-12)" };
	s->run_data.failures = &f;
	s->run_data.nfailures = 1;
	char *text = write_report(s);
	s->run_data.failures = NULL;
	s->run_data.nfailures = 0;
	assert_contains(text, "1 job computed a wrong result and is left out");
	/* The first screen's notes to act on: the two missing groups first, then the failed check. */
	assert_contains(text, "**To act on:**\n\n- no `bandwidth` group in this run: no memory roofs, so no kernel is "
			"judged by memory (`roofline measure --only bandwidth` measures them)\n- no `peak` group in this "
			"run: no FMA peak, no ceilings and no ridge (`roofline measure --only peak` measures them)\n- 1 job "
			"computed a wrong result and is left out of every figure (Failed checks, below)\n\n## Details");
	assert_contains(text, "**Ridge:** none: the run lacks the peak or a bandwidth roof.");
	assert_contains(text, "No kernels placed: the run has no `kernels` group.");
	assert_contains(text, "| kernels | horner | 64 | a[17]: got 1.5, want 1.25 (rel. error 0.2 &gt; 1e-12) |");
	assert_contains(text, "No roofs: the run has neither a `bandwidth` nor a `peak` group.");
	assert_contains(text, "No `peak` group in this run: no FMA peak");
	assert_contains(text, "No `bandwidth` group in this run");
	assert_contains(text, "No `kernels` group in this run");
	assert_contains(text, "No `remarks/` folder in this run");
	assert_null(strstr(text, "Ridge point"));
	free(text);
}

/*
 * One statistic per claim: the library GEMM's note under the kernels table
 * gives the table's own fraction of its row (median over the ceiling's
 * median), never a second one from its best timing or the ceiling's best.
 */
static void test_openblas_note_one_statistic(void **state)
{
	struct scratch *s = *state;
	struct analysis *a = s->a;
	struct roof *avx2 = &a->roofs[a->nroofs++];
	*avx2 = (struct roof){ "avx2", ROOF_CEILING, 60, 0, 0, 9, 54.8, 54.5, 55.0, 1, "", "", 0, { 0 }, STORES_ALLOCATE, JOB_RULE_FITTED, NULL, NULL };
	roof_name_key(avx2, "avx2", ROOF_CEILING);
	struct point *p = &a->points[a->npoints++];
	memset(p, 0, sizeof *p);
	const struct kernel *k = registry_find("gemm_blas");
	assert_non_null(k);
	snprintf(p->kernel, sizeof p->kernel, "gemm_blas");
	p->k = k;
	snprintf(p->family, sizeof p->family, "%s", k->family);
	p->param_letter = k->param_letter;
	p->isa = ISA_AVX2;                     /* what analysis_build takes from env.csv's blas_isa */
	p->param = 1024;
	p->threads = 1;
	snprintf(p->level, sizeof p->level, "L3");
	p->ai = p->ai_loop = 64;
	p->gflops = 50.4;                      /* 92 % of the ceiling's median 54.8 */
	p->best_gflops = 54;                   /* 90 % of its best 60: a second fraction */
	p->builtin = 1;
	diagnosis_place(a, p);
	assert_string_equal(roof_text(p->roof), "avx2");
	s->run_data.info.blas_isa = "avx2";
	s->run_data.info.blas_isa_id = ISA_AVX2;   /* as rundata_parse_env types it; the widest is another */
	s->run_data.info.isa_widest = ISA_AVX512;
	s->run_data.info.blas_core = "Haswell";
	char *text = write_report(s);
	assert_contains(text, "| gemm_blas | n = 1024 | L3 | 64 | 50.4 | 54.0 | avx2 54.8 | 92 % | compute |");
	assert_contains(text, "at n = 1024 it reaches 50.4 GFLOP/s (median), 92 % of the avx2 ceiling's median (54.8 GFLOP/s)");
	/* Its paragraph names one fraction of the point, the table's. */
	char *note = strstr(text, "OpenBLAS (");
	assert_non_null(note);
	*strchr(note, '\n') = '\0';
	assert_null(strstr(note, "90 %"));
	assert_null(strstr(note, "84 %"));
	free(text);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_gnuplot_scripts_render, setup, teardown),
		cmocka_unit_test_setup_teardown(test_gnuplot_missing_groups, setup, teardown),
		cmocka_unit_test_setup_teardown(test_gnuplot_run_dir_path, setup, teardown),
		cmocka_unit_test_setup_teardown(test_gnuplot_errors, setup, teardown),
		cmocka_unit_test(test_gnuplot_templates_dir),
		cmocka_unit_test_setup_teardown(test_report_full, setup, teardown),
		cmocka_unit_test_setup_teardown(test_openblas_note_one_statistic, setup, teardown),
		cmocka_unit_test_setup_teardown(test_report_missing_groups, setup, teardown),
		cmocka_unit_test_setup_teardown(test_report_first_screen, setup, teardown),
		cmocka_unit_test_setup_teardown(test_report_first_screen_bounded, setup, teardown),
		cmocka_unit_test_setup_teardown(test_report_sharing_overruled, setup, teardown),
		cmocka_unit_test_setup_teardown(test_report_notes_said_once, setup, teardown),
		cmocka_unit_test_setup_teardown(test_report_notes_many_core_rates, setup, teardown),
		cmocka_unit_test_setup_teardown(test_gnuplot_render, setup, teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
