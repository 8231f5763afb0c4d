/*
 * test_roofline_h.c - include/roofline.h: the counted-flops arithmetic on
 * scripted counts, the event tables by vendor, and the points file it
 * appends (created with its header, whole rows, quoting, a foreign header
 * refused), and a region timed end to end on the declared path.
 */
#include <fcntl.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "../../include/roofline.h"

static char dir[256];

static int setup(void **state)
{
	(void)state;
	snprintf(dir, sizeof dir, "/tmp/roofline-h.XXXXXX");
	return mkdtemp(dir) ? 0 : -1;
}

static int teardown(void **state)
{
	(void)state;
	char cmd[300];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	return system(cmd) == 0 ? 0 : -1;
}

static void test_event_tables(void **state)
{
	(void)state;
	size_t n;
	const struct roofline_fp_event *ev = roofline_fp_events("GenuineIntel", 6, &n);
	assert_non_null(ev);
	assert_int_equal(n, 8);
	/* Lanes per width and precision: 64-bit doubles, 32-bit singles. */
	static const struct { uint64_t config; double flops; } want[] = {
		{ 0x01c7, 1 }, { 0x02c7, 1 }, { 0x04c7, 2 }, { 0x08c7, 4 },
		{ 0x10c7, 4 }, { 0x20c7, 8 }, { 0x40c7, 8 }, { 0x80c7, 16 },
	};
	for (size_t i = 0; i < n; i++) {
		assert_true(ev[i].config == want[i].config);
		assert_true(ev[i].flops_per_count == want[i].flops);
	}
	ev = roofline_fp_events("AuthenticAMD", 0x1a, &n);
	assert_non_null(ev);
	assert_int_equal(n, 1);
	assert_true(ev[0].flops_per_count == 1);   /* Zen counts flops, FMA as 2, itself */
	assert_null(roofline_fp_events("AuthenticAMD", 0x15, &n));
	assert_int_equal(n, 0);
	assert_null(roofline_fp_events("ARM", 0, &n));
	assert_null(roofline_fp_events(NULL, 6, &n));
}

static void test_flops_arithmetic(void **state)
{
	(void)state;
	size_t n;
	const struct roofline_fp_event *ev = roofline_fp_events("GenuineIntel", 6, &n);
	/*
	 * 1000 iterations of a loop with one scalar add, one 256-bit double FMA
	 * and one 512-bit double FMA: the hardware counts an FMA twice, so the
	 * counters read 1000, 2000 and 2000; flops = 1000 + 2000 x 4 + 2000 x 8.
	 */
	uint64_t counts[8] = { 1000, 0, 0, 0, 2000, 0, 2000, 0 };
	assert_true(roofline_flops_from_counts(ev, n, counts) == 25000);
	/* Single precision: 512-bit packed single, 16 lanes; 128-bit single, 4. */
	uint64_t single[8] = { 0, 10, 0, 10, 0, 0, 0, 10 };
	assert_true(roofline_flops_from_counts(ev, n, single) == 10 + 40 + 160);
	uint64_t none[8] = { 0 };
	assert_true(roofline_flops_from_counts(ev, n, none) == 0);
	/* An event that counts FMA instructions once says 2 per lane. */
	const struct roofline_fp_event fma_once[] = { { "fma.256b_double", 1, 2 * 4 } };
	uint64_t fmas[1] = { 100 };
	assert_true(roofline_flops_from_counts(fma_once, 1, fmas) == 800);
	/* Multiplexed: counted half the time, scaled to the whole; never run: 0. */
	assert_true(roofline_scale_count(500, 2000, 1000) == 1000);
	assert_true(roofline_scale_count(500, 2000, 0) == 0);
}

static char *slurp(const char *path)
{
	static char buf[8192];
	FILE *fp = fopen(path, "r");
	assert_non_null(fp);
	size_t n = fread(buf, 1, sizeof buf - 1, fp);
	buf[n] = '\0';
	fclose(fp);
	return buf;
}

/* Runs roofline_append with stderr sent to /dev/null: its refusals are expected here. */
static int append_quietly(const char *file, const char *name, const char *version)
{
	fflush(stderr);
	int saved = dup(2), null = open("/dev/null", O_WRONLY);
	dup2(null, 2);
	int rc = roofline_append(file, name, version, 1, 1, 1, 1, NULL, 0);
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	close(null);
	return rc;
}

static void test_append(void **state)
{
	(void)state;
	char path[320];
	snprintf(path, sizeof path, "%s/points.csv", dir);
	assert_int_equal(roofline_append(path, "mat,vec", "say \"hi\"", 1e9, 8e9, 0.5, 1, NULL, 0), 0);
	assert_int_equal(roofline_append(path, "x", "v2", 2, 3, 4, 2, "L1", 1), 0);
	assert_string_equal(slurp(path),
			    "name,version,flops,bytes,seconds,threads,level,flops_source\n"
			    "\"mat,vec\",\"say \"\"hi\"\"\",1000000000,8000000000,5.000000000e-01,1,,declared\n"
			    "x,v2,2,3,4.000000000e+00,2,L1,counted\n");
	/* A file with another header is left alone. */
	snprintf(path, sizeof path, "%s/other.csv", dir);
	FILE *fp = fopen(path, "w");
	fputs("name,version,flops,bytes,seconds\n", fp);
	fclose(fp);
	assert_int_equal(append_quietly(path, "x", "v"), -1);
	assert_string_equal(slurp(path), "name,version,flops,bytes,seconds\n");
	/* A directory that does not exist: -1, no crash. */
	assert_int_equal(append_quietly("/nonexistent/p.csv", "x", "v"), -1);
}

/* Many processes appending at once: one header, every row whole. */
static void test_concurrent_rows(void **state)
{
	(void)state;
	char path[320];
	snprintf(path, sizeof path, "%s/many.csv", dir);
	for (int p = 0; p < 8; p++) {
		pid_t pid = fork();
		assert_true(pid >= 0);
		if (pid == 0) {
			for (int i = 0; i < 50; i++)
				if (roofline_append(path, "proc", "v", p, i + 1, 1, 1, NULL, 0) != 0)
					_exit(1);
			_exit(0);
		}
	}
	for (int p = 0; p < 8; p++) {
		int st;
		wait(&st);
		assert_true(WIFEXITED(st) && WEXITSTATUS(st) == 0);
	}
	FILE *fp = fopen(path, "r");
	char line[256];
	int rows = 0, headers = 0;
	while (fgets(line, sizeof line, fp)) {
		if (strcmp(line, ROOFLINE_HEADER) == 0) {
			headers++;
			continue;
		}
		int a, b;
		assert_int_equal(sscanf(line, "proc,v,%d,%d,1.000000000e+00,1,,declared\n", &a, &b), 2);
		rows++;
	}
	fclose(fp);
	assert_int_equal(headers, 1);
	assert_int_equal(rows, 400);
}

static volatile double sink;

static void test_region(void **state)
{
	(void)state;
	char path[320];
	snprintf(path, sizeof path, "%s/region.csv", dir);
	setenv("ROOFLINE_MIN_SECONDS", "0.001", 1);
	setenv("ROOFLINE_COUNT_FLOPS", "0", 1);
	long runs = 0;
	ROOFLINE_TIME(path, "sum", "v1", 1000, 8000, {
		double s = 0;
		for (int i = 0; i < 1000; i++)
			s += i * 0.5;
		sink = s;
		runs++;
	});
	/* Calibrated: at least three batches, the last ones at least 1 ms each. */
	assert_true(runs >= 3);
	double flops, bytes, seconds;
	int threads;
	char src[16];
	const char *text = slurp(path);
	const char *row = strchr(text, '\n') + 1;
	assert_int_equal(sscanf(row, "sum,v1,%lf,%lf,%lf,%d,,%15s", &flops, &bytes, &seconds, &threads, src), 5);
	assert_true(flops == 1000 && bytes == 8000 && threads == 1);
	assert_string_equal(src, "declared");
	/* No timing threshold: a loaded machine can make any batch slow or fast. */
	assert_true(seconds > 0 && isfinite(seconds));
	/* The function interface: level and threads reach the row. */
	struct roofline_region r;
	roofline_begin(&r, path, "sum", "v2", 1000, 8000);
	r.level = "L1";
	r.threads = 2;
	r.trials = 1;
	while (roofline_next(&r))
		sink += 1;
	assert_int_equal(roofline_end(&r), 0);
	assert_non_null(strstr(slurp(path), "\nsum,v2,1000,8000,"));
	assert_non_null(strstr(slurp(path), ",2,L1,declared\n"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_event_tables),
		cmocka_unit_test(test_flops_arithmetic),
		cmocka_unit_test(test_append),
		cmocka_unit_test(test_concurrent_rows),
		cmocka_unit_test(test_region),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
