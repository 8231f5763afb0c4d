/*
 * test_roofline_h.c - libroofline (include/roofline.h, src/libroofline/): the
 * counted-flops arithmetic on scripted counts, the event tables by vendor, the
 * memory-controller events read from a made-up sysfs tree, the points file it
 * appends (created with its header, whole rows, quoting, a foreign header
 * refused, an older header kept), executions aggregated into rows (median,
 * one row per thread count and totals), threads joined into one execution,
 * and ROOFLINE_TIME end to end on the declared path.
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
#include <pthread.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "roofline.h"
#include "internal.h"

#define HEADER "name,version,flops,bytes,seconds,threads,level,flops_source,bytes_source\n"

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
	assert_int_equal(roofline_append(path, "x", "v2", 2, 3, 4, 2, "L1", ROOFLINE_FLOPS_COUNTED), 0);
	assert_int_equal(roofline_append(path, "x", "v3", 2, 3, 4, 1, NULL, ROOFLINE_BYTES_COUNTED), 0);
	assert_string_equal(slurp(path),
			    HEADER
			    "\"mat,vec\",\"say \"\"hi\"\"\",1000000000,8000000000,5.000000000e-01,1,,declared,declared\n"
			    "x,v2,2,3,4.000000000e+00,2,L1,counted,declared\n"
			    "x,v3,2,3,4.000000000e+00,1,,declared,counted\n");
	/* A file an older roofline.h started (no bytes_source) gets rows of its own shape. */
	snprintf(path, sizeof path, "%s/old.csv", dir);
	FILE *old = fopen(path, "w");
	fputs("name,version,flops,bytes,seconds,threads,level,flops_source\n", old);
	fclose(old);
	assert_int_equal(roofline_append(path, "x", "v", 2, 3, 4, 1, NULL, ROOFLINE_BYTES_COUNTED), 0);
	assert_string_equal(slurp(path), "name,version,flops,bytes,seconds,threads,level,flops_source\n"
			    "x,v,2,3,4.000000000e+00,1,,declared\n");
	/* A file with another header is left alone. */
	snprintf(path, sizeof path, "%s/other.csv", dir);
	FILE *fp = fopen(path, "w");
	fputs("name,version,flops,bytes,seconds\n", fp);
	fclose(fp);
	assert_int_equal(append_quietly(path, "x", "v"), -1);
	assert_string_equal(slurp(path), "name,version,flops,bytes,seconds\n");
	/* A directory that does not exist: -1, no crash. */
	assert_int_equal(append_quietly("/nonexistent/p.csv", "x", "v"), -1);
	/* Rows the points reader would refuse are not written: the file stays readable. */
	snprintf(path, sizeof path, "%s/refused.csv", dir);
	assert_int_equal(append_quietly(path, "a-name-longer-than-the-reader-takes-forty-seven-chars", "v"), -1);
	assert_int_equal(append_quietly(path, "x", ""), -1);
	assert_int_equal(append_quietly(path, "x", "a-version-longer-than-thirty-one"), -1);
	fflush(stderr);
	int saved = dup(2), null = open("/dev/null", O_WRONLY);
	dup2(null, 2);
	assert_int_equal(roofline_append(path, "x", "v", 1, 1, 0, 1, NULL, 0), -1);
	assert_int_equal(roofline_append(path, "x", "v", 1, NAN, 1, 1, NULL, 0), -1);
	assert_int_equal(roofline_append(path, "x", "v", INFINITY, 1, 1, 1, NULL, 0), -1);
	assert_int_equal(roofline_append(path, "x", "v", -1, 1, 1, 1, NULL, 0), -1);
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	close(null);
	assert_int_equal(access(path, F_OK), -1);   /* refused before the file is made */
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
				if (roofline_append(path, "proc", "v", p + 1, i + 1, 1, 1, NULL, 0) != 0)
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
		if (strcmp(line, HEADER) == 0) {
			headers++;
			continue;
		}
		int a, b;
		assert_int_equal(sscanf(line, "proc,v,%d,%d,1.000000000e+00,1,,declared,declared\n", &a, &b), 2);
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
	char src[32];
	const char *text = slurp(path);
	const char *row = strchr(text, '\n') + 1;
	assert_int_equal(sscanf(row, "sum,v1,%lf,%lf,%lf,%d,,%31s", &flops, &bytes, &seconds, &threads, src), 5);
	assert_true(flops == 1000 && bytes == 8000 && threads == 1);
	assert_string_equal(src, "declared,declared");
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
	assert_non_null(strstr(slurp(path), ",2,L1,declared,declared\n"));
	/* One row per ROOFLINE_TIME: the two versions, and nothing left for the flush. */
	roofline_flush();
	const char *all = slurp(path);
	int rows = 0;
	for (const char *c = all; (c = strchr(c, '\n')) != NULL; c++)
		rows++;
	assert_int_equal(rows, 3);
}

/* The made-up sysfs file DIR/NAME holding TEXT. */
static void put(const char *path, const char *name, const char *text)
{
	char full[600];
	snprintf(full, sizeof full, "%s/%s", path, name);
	FILE *fp = fopen(full, "w");
	assert_non_null(fp);
	fputs(text, fp);
	fclose(fp);
}

/* An Intel-like uncore_imc PMU as the kernel lists it. */
static void fake_imc(const char *devices, const char *pmu, const char *type, const char *cpumask)
{
	char d[400], sub[500];
	snprintf(d, sizeof d, "%s/%s", devices, pmu);
	assert_int_equal(mkdir(d, 0755), 0);
	put(d, "type", type);
	put(d, "cpumask", cpumask);
	snprintf(sub, sizeof sub, "%s/format", d);
	assert_int_equal(mkdir(sub, 0755), 0);
	put(sub, "event", "config:0-7\n");
	put(sub, "umask", "config:8-15\n");
	snprintf(sub, sizeof sub, "%s/events", d);
	assert_int_equal(mkdir(sub, 0755), 0);
	put(sub, "cas_count_read", "event=0x04,umask=0x03\n");
	put(sub, "cas_count_read.scale", "6.103515625e-5\n");
	put(sub, "cas_count_read.unit", "MiB\n");
	put(sub, "cas_count_write", "event=0x04,umask=0x0c\n");
	put(sub, "cas_count_write.scale", "6.103515625e-5\n");
	put(sub, "cas_count_write.unit", "MiB\n");
	put(sub, "clockticks", "event=0x00,umask=0x00\n");
}

static void test_memory_events(void **state)
{
	(void)state;
	char devices[300], why[512];
	struct rl_mem_event ev[RL_MEM_MAX_EVENTS];
	snprintf(devices, sizeof devices, "%s/devices", dir);
	assert_int_equal(mkdir(devices, 0755), 0);
	/* No memory-controller PMU (this VM has none): 0 and the reason. */
	assert_int_equal(rl_mem_plan(devices, ev, RL_MEM_MAX_EVENTS, why, sizeof why), 0);
	assert_non_null(strstr(why, "no memory-controller PMU (uncore_imc)"));
	/* Two controllers on a two-socket machine: read and write on one CPU of each socket. */
	fake_imc(devices, "uncore_imc_0", "14\n", "0,28\n");
	fake_imc(devices, "uncore_imc_1", "15\n", "0,28\n");
	size_t n = rl_mem_plan(devices, ev, RL_MEM_MAX_EVENTS, why, sizeof why);
	assert_int_equal(n, 8);
	int reads = 0, writes = 0, cpu28 = 0;
	for (size_t i = 0; i < n; i++) {
		/* 6.103515625e-5 MiB is one 64-byte line per CAS. */
		assert_true(ev[i].bytes_per_count == 64);
		assert_true(ev[i].type == 14 || ev[i].type == 15);
		if (strcmp(ev[i].event, "cas_count_read") == 0) {
			reads++;
			assert_true(ev[i].config == 0x0304);
		} else {
			writes++;
			assert_string_equal(ev[i].event, "cas_count_write");
			assert_true(ev[i].config == 0x0c04);
		}
		cpu28 += ev[i].cpu == 28;
	}
	assert_int_equal(reads, 4);
	assert_int_equal(writes, 4);
	assert_int_equal(cpu28, 4);
	/* The encoder: split fields, config1, a flag without value, a value too wide. */
	char pmu[400];
	snprintf(pmu, sizeof pmu, "%s/uncore_imc_0", devices);
	put(pmu, "format/split", "config:0-3,32-35\n");
	put(pmu, "format/filter", "config1:4-7\n");
	put(pmu, "format/edge", "config:18\n");
	uint64_t config[3];
	assert_int_equal(rl_perf_encode(pmu, "split=0xab,filter=0x3,edge", config, why, sizeof why), 0);
	assert_true(config[0] == ((uint64_t)0xa << 32 | 0xb | (uint64_t)1 << 18));
	assert_true(config[1] == 0x30);
	assert_int_equal(rl_perf_encode(pmu, "event=0x100", config, why, sizeof why), -1);
	assert_int_equal(rl_perf_encode(pmu, "colour=1", config, why, sizeof why), -1);
	assert_non_null(strstr(why, "no usable format for 'colour'"));
}

/* Executions of one row: the median time; other totals or thread counts are other rows. */
static void test_rows(void **state)
{
	(void)state;
	char path[320];
	snprintf(path, sizeof path, "%s/rows.csv", dir);
	static const double secs[] = { 3, 1, 2, 100 };
	struct rl_execution e = { .file = path, .name = "loop", .version = "v", .threads = 1,
				  .flops = 10, .bytes = 20 };
	for (int i = 0; i < 3; i++) {
		e.seconds = secs[i];
		rl_record(&e);
	}
	e.threads = 2;
	e.seconds = secs[3];
	rl_record(&e);
	e.threads = 1;
	e.flops = 40;
	e.seconds = 4;
	e.flops_counted = 1;
	e.counted_flops = 44;
	rl_record(&e);
	roofline_flush();
	roofline_flush();   /* flushed rows are forgotten: not written twice */
	assert_string_equal(slurp(path), HEADER
			    "loop,v,10,20,2.000000000e+00,1,,declared,declared\n"
			    "loop,v,10,20,1.000000000e+02,2,,declared,declared\n"
			    "loop,v,44,20,4.000000000e+00,1,,counted,declared\n");
	/* A forked child that exits writes none of its parent's rows. */
	e.flops = 10;
	e.flops_counted = 0;
	e.version = "fork";
	e.seconds = 1;
	rl_record(&e);
	fflush(NULL);
	pid_t pid = fork();
	assert_true(pid >= 0);
	if (pid == 0)
		exit(0);   /* runs the atexit flush */
	int st;
	waitpid(pid, &st, 0);
	assert_true(WIFEXITED(st) && WEXITSTATUS(st) == 0);
	roofline_flush();
	const char *text = slurp(path);
	const char *first = strstr(text, "\nloop,fork,");
	assert_non_null(first);
	assert_null(strstr(first + 1, "\nloop,fork,"));
	double even[] = { 4, 1, 3, 2 };
	assert_true(rl_median(even, 4) == 2.5);
}

struct team {
	pthread_barrier_t barrier;
	int trips;
};

/* One OpenMP-like thread: begin, wait for all, end with the whole region's totals. */
static void *team_member(void *arg)
{
	struct team *t = arg;
	for (int i = 0; i < t->trips; i++) {
		roofline_region_begin("triad");
		pthread_barrier_wait(&t->barrier);
		roofline_region_end("triad", 2e6, 24e6);
	}
	return NULL;
}

static void test_threaded_region(void **state)
{
	(void)state;
	char path[320];
	snprintf(path, sizeof path, "%s/threads.csv", dir);
	setenv("ROOFLINE_POINTS", path, 1);
	setenv("ROOFLINE_COUNT_FLOPS", "0", 1);
	struct team t = { .trips = 5 };
	pthread_t tid[4];
	pthread_barrier_init(&t.barrier, NULL, 4);
	roofline_set_version("team");
	for (int i = 0; i < 4; i++)
		assert_int_equal(pthread_create(&tid[i], NULL, team_member, &t), 0);
	for (int i = 0; i < 4; i++)
		pthread_join(tid[i], NULL);
	pthread_barrier_destroy(&t.barrier);
	/* The same region on one thread, nested inside another: a row of its own. */
	roofline_set_version("alone");
	roofline_region_begin("outer");
	roofline_region_begin("triad");
	roofline_region_end("triad", 2e6, 24e6);
	roofline_region_end("outer", 1, 1);
	/* An end without its begin: said and ignored. */
	fflush(stderr);
	int saved = dup(2), null = open("/dev/null", O_WRONLY);
	dup2(null, 2);
	roofline_region_end("never", 1, 1);
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	close(null);
	roofline_flush();
	const char *text = slurp(path);
	/* Five executions of four threads: one row, totals once, threads = 4. */
	assert_int_equal(strncmp(text, HEADER, strlen(HEADER)), 0);
	assert_non_null(strstr(text, "\ntriad,team,2000000,24000000,"));
	assert_non_null(strstr(text, "\ntriad,alone,2000000,24000000,"));
	assert_non_null(strstr(text, "\nouter,alone,1,1,"));
	assert_non_null(strstr(text, ",4,,declared,declared\n"));
	assert_null(strstr(text, "never"));
	int rows = 0;
	for (const char *c = text; (c = strchr(c, '\n')) != NULL; c++)
		rows++;
	assert_int_equal(rows, 4);
	unsetenv("ROOFLINE_POINTS");
}

/* stderr into a file while a test provokes the library's messages; stderr_back returns its lines. */
static int stderr_saved = -1;
static char stderr_path[320];

static void stderr_to_file(void)
{
	snprintf(stderr_path, sizeof stderr_path, "%s/stderr.txt", dir);
	fflush(stderr);
	stderr_saved = dup(2);
	int fd = open(stderr_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	dup2(fd, 2);
	close(fd);
}

static int stderr_back(void)
{
	fflush(stderr);
	dup2(stderr_saved, 2);
	close(stderr_saved);
	int lines = 0;
	for (const char *c = slurp(stderr_path); (c = strchr(c, '\n')) != NULL; c++)
		lines++;
	return lines;
}

/*
 * The rule of a row is the reader's: a level that is not L1..DRAM (a comma or a
 * line break in it), a name that is not UTF-8, a place past 1e100, threads past
 * 4096 are each refused in one line saying "not written", and a good row after
 * them is written: the file stays one the reader takes whole.
 */
static void test_row_rule(void **state)
{
	(void)state;
	char path[320];
	snprintf(path, sizeof path, "%s/rule.csv", dir);
	stderr_to_file();
	assert_int_equal(roofline_append(path, "x", "v", 1, 1, 1, 1, "L1,\"x\"\nL2", 0), -1);
	assert_int_equal(roofline_append(path, "x", "v", 1, 1, 1, 1, "L9", 0), -1);
	assert_int_equal(roofline_append(path, "bad\xff", "v", 1, 1, 1, 1, NULL, 0), -1);
	assert_int_equal(roofline_append(path, "x", "v\xc3", 1, 1, 1, 1, NULL, 0), -1);
	assert_int_equal(roofline_append(path, "huge", "v", 1e308, 1e6, 1e-3, 1, NULL, 0), -1);
	assert_int_equal(roofline_append(path, "x", "v", 1, 1, 1, 5000, NULL, 0), -1);
	assert_int_equal(stderr_back(), 6);
	const char *said = slurp(stderr_path);
	assert_non_null(strstr(said, "row x v not written: level 'L1,\"x\"?L2': want L1, L2, L3 or DRAM\n"));
	assert_non_null(strstr(said, "row bad? v not written: name: not UTF-8 text\n"));
	assert_non_null(strstr(said, "want each from 1e-100 to 1e+100\n"));
	assert_int_equal(access(path, F_OK), -1);
	/* A level in any case the reader takes is written, as a field of its own. */
	assert_int_equal(roofline_append(path, "x", "v", 1, 1, 1, 1, "l2", 0), 0);
	assert_string_equal(slurp(path), HEADER "x,v,1,1,1.000000000e+00,1,l2,declared,declared\n");
	/* The same rule the reader applies, field by field. */
	char why[160];
	struct roofline_row row = { "x", "v", 1, 1, 1, 1, "DRAM" };
	assert_int_equal(roofline_row_check(&row, why, sizeof why), ROOFLINE_ROW_OK);
	row.seconds = NAN;
	assert_int_equal(roofline_row_check(&row, why, sizeof why), ROOFLINE_ROW_SECONDS);
	assert_string_equal(why, "seconds 'nan': want a finite number");
	row.seconds = 1;
	row.threads = 0;
	assert_int_equal(roofline_row_check(&row, why, sizeof why), ROOFLINE_ROW_THREADS);
}

/*
 * NaN totals are one row judged once: a thousand executions, one line at the
 * flush, no file (were NaN unequal to NaN, each would be a row of its own:
 * a thousand lines; a million executions took 4 s of CPU under qemu).
 */
static void test_nan_region(void **state)
{
	(void)state;
	char path[320];
	snprintf(path, sizeof path, "%s/nan.csv", dir);
	setenv("ROOFLINE_POINTS", path, 1);
	setenv("ROOFLINE_COUNT_FLOPS", "0", 1);
	roofline_set_version("nan");
	stderr_to_file();
	for (int i = 0; i < 1000; i++) {
		roofline_region_begin("step");
		roofline_region_end("step", NAN, 8);
	}
	roofline_flush();
	assert_int_equal(stderr_back(), 1);
	assert_non_null(strstr(slurp(stderr_path), "row step nan not written: flops 'nan': want a finite number\n"));
	assert_int_equal(access(path, F_OK), -1);
	unsetenv("ROOFLINE_POINTS");
}

/* The median of a million executions in reverse order (an insertion sort's worst case: hours). */
static void test_median_many(void **state)
{
	(void)state;
	size_t n = 1000001;
	double *v = malloc(n * sizeof *v);
	assert_non_null(v);
	for (size_t i = 0; i < n; i++)
		v[i] = (double)(n - i);
	assert_true(rl_median(v, n) == 500001);
	for (size_t i = 1; i < n; i++)
		assert_true(v[i - 1] <= v[i]);
	free(v);
}

/* A ROOFLINE_POINTS longer than 511 bytes names the file whole: the rows go there, not to a cut name. */
static void test_long_points_name(void **state)
{
	(void)state;
	char path[1024], seg[201];
	memset(seg, 'd', 200);
	seg[200] = '\0';
	int n = snprintf(path, sizeof path, "%s", dir);
	for (int i = 0; i < 3; i++) {
		n += snprintf(path + n, sizeof path - (size_t)n, "/%s", seg);
		assert_int_equal(mkdir(path, 0755), 0);
	}
	snprintf(path + n, sizeof path - (size_t)n, "/points.csv");
	assert_true(strlen(path) > 600);
	setenv("ROOFLINE_POINTS", path, 1);
	roofline_set_version("long");
	roofline_region_begin("far");
	roofline_region_end("far", 1, 1);
	roofline_flush();
	assert_non_null(strstr(slurp(path), "\nfar,long,1,1,"));
	unsetenv("ROOFLINE_POINTS");
}

static void region_in_handler(void)
{
	roofline_region_begin("late");
	roofline_region_end("late", 3, 3);
}

/*
 * A region that ends after the library's exit flush is written, not lost: one
 * ended by an atexit handler registered before the first region, one begun in
 * main and ended in such a handler (a C++ region at namespace scope ends so).
 */
static void test_region_after_exit_flush(void **state)
{
	(void)state;
	char path[320];
	snprintf(path, sizeof path, "%s/late.csv", dir);
	fflush(NULL);
	pid_t pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		setenv("ROOFLINE_POINTS", path, 1);
		atexit(region_in_handler);
		roofline_set_version("exit");
		roofline_region_begin("early");
		roofline_region_end("early", 2, 2);
		exit(0);
	}
	int st;
	waitpid(pid, &st, 0);
	assert_true(WIFEXITED(st) && WEXITSTATUS(st) == 0);
	const char *text = slurp(path);
	assert_non_null(strstr(text, "\nearly,exit,2,2,"));
	assert_non_null(strstr(text, "\nlate,exit,3,3,"));
}

/* ROOFLINE_MIN_SECONDS past its bound (inf, 1e308) or no number: the default, said once. */
static void test_min_seconds_bound(void **state)
{
	(void)state;
	struct roofline_region r;
	stderr_to_file();
	static const char *const bad[] = { "inf", "1e308", "-1", "nan", "abc", "11" };
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		setenv("ROOFLINE_MIN_SECONDS", bad[i], 1);
		roofline_begin(&r, "unused.csv", "x", "v", 1, 1);
		assert_true(r.min_seconds == ROOFLINE_MIN_SECONDS);
	}
	assert_int_equal(stderr_back(), 1);
	assert_non_null(strstr(slurp(stderr_path), "roofline: ROOFLINE_MIN_SECONDS='inf' ignored: "));
	setenv("ROOFLINE_MIN_SECONDS", "0.5", 1);
	roofline_begin(&r, "unused.csv", "x", "v", 1, 1);
	assert_true(r.min_seconds == 0.5);
	unsetenv("ROOFLINE_MIN_SECONDS");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_event_tables),
		cmocka_unit_test(test_flops_arithmetic),
		cmocka_unit_test(test_append),
		cmocka_unit_test(test_concurrent_rows),
		cmocka_unit_test(test_region),
		cmocka_unit_test(test_memory_events),
		cmocka_unit_test(test_rows),
		cmocka_unit_test(test_threaded_region),
		cmocka_unit_test(test_row_rule),
		cmocka_unit_test(test_nan_region),
		cmocka_unit_test(test_median_many),
		cmocka_unit_test(test_long_points_name),
		cmocka_unit_test(test_region_after_exit_flush),
		cmocka_unit_test(test_min_seconds_bound),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
