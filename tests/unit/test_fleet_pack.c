/*
 * test_fleet_pack.c - a run directory packed and unpacked as rank 0 stores a
 * node's run: the same files come back byte for byte (remarks/ included,
 * anything else left behind), and a pack that would write outside its
 * directory, or is cut short, is refused.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cmocka.h>

#include "fleet_pack.h"
#include "util.h"

static char *scratch;

static int setup(void **state)
{
	(void)state;
	const char *tmp = getenv("TMPDIR");
	scratch = xasprintf("%s/test_fleet_pack.XXXXXX", tmp && *tmp ? tmp : "/tmp");
	return mkdtemp(scratch) ? 0 : -1;
}

static int teardown(void **state)
{
	(void)state;
	char *cmd = xasprintf("rm -rf '%s'", scratch);
	int rc = system(cmd);
	free(cmd);
	free(scratch);
	return rc == 0 ? 0 : -1;
}

static void put(const char *dir, const char *name, const char *text, size_t len)
{
	char *path = path_join(dir, name);
	FILE *fp = fopen(path, "wb");
	assert_non_null(fp);
	assert_int_equal(fwrite(text, 1, len, fp), len);
	assert_int_equal(fclose(fp), 0);
	free(path);
}

static char *get(const char *dir, const char *name)
{
	char *path = path_join(dir, name);
	char why[512];
	char *text = read_text_file(path, why, sizeof why);
	free(path);
	return text;
}

static void test_round_trip(void **state)
{
	(void)state;
	char *src = path_join(scratch, "run"), *dst = path_join(scratch, "copy");
	char *remarks = path_join(src, "remarks"), *junk = path_join(src, "plots");
	assert_int_equal(mkdir(src, 0777), 0);
	assert_int_equal(mkdir(remarks, 0777), 0);
	assert_int_equal(mkdir(junk, 0777), 0);
	put(src, "env.csv", "key,value\ncpu_model,\"A, B\"\n", 27);
	put(src, "timings.csv", "pass\n1\n", 7);
	put(src, "failures.csv", "", 0);                    /* an empty file travels too */
	put(remarks, "dot.txt", "F x\n9\nnot a header\n", 19);  /* text that looks like the format */
	put(src, ".hidden", "x", 1);                      /* left behind */
	put(junk, "report.md", "x", 1);                   /* a subdirectory other than remarks/ */
	struct buf b = { 0 };
	char why[256];
	assert_int_equal(fleet_pack_dir(src, &b, why, sizeof why), 0);
	assert_int_equal(fleet_unpack(b.s, b.len, dst, why, sizeof why), 0);
	char *t = get(dst, "env.csv");
	assert_string_equal(t, "key,value\ncpu_model,\"A, B\"\n");
	free(t);
	t = get(dst, "remarks/dot.txt");
	assert_string_equal(t, "F x\n9\nnot a header\n");
	free(t);
	t = get(dst, "failures.csv");
	assert_string_equal(t, "");
	free(t);
	struct stat st;
	char *hidden = path_join(dst, ".hidden"), *plots = path_join(dst, "plots");
	assert_int_not_equal(stat(hidden, &st), 0);
	assert_int_not_equal(stat(plots, &st), 0);
	free(hidden);
	free(plots);
	/* a directory that exists is not written into */
	assert_int_equal(fleet_unpack(b.s, b.len, dst, why, sizeof why), -1);
	fleet_pack_remove(dst);
	assert_int_not_equal(stat(dst, &st), 0);
	free(b.s);
	free(src);
	free(dst);
	free(remarks);
	free(junk);
}

static void test_bad_packs(void **state)
{
	(void)state;
	static const char *const bad[] = {
		"F ../escape\n1\nx",          /* outside the directory */
		"F remarks/../../x\n1\nx",    /* the same through remarks/ */
		"F /etc/x\n1\nx",             /* absolute */
		"F env.csv\n10\nshort",       /* cut short */
		"G env.csv\n1\nx",            /* not a file record */
		"F env.csv\nten\nx",          /* no size */
	};
	char why[256];
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
		char *dst = xasprintf("%s/bad%zu", scratch, i);
		if (fleet_unpack(bad[i], strlen(bad[i]), dst, why, sizeof why) != -1)
			fail_msg("pack %zu (%s) was accepted", i, bad[i]);
		free(dst);
	}
	char *escaped = path_join(scratch, "escape");
	struct stat st;
	assert_int_not_equal(stat(escaped, &st), 0);
	free(escaped);
}

/*
 * A pack's bytes end where its message ends, with no terminating zero: a
 * header whose lines end in blank ones must not be read past that end (it
 * lies here against a page the process may not read).
 */
static void test_pack_end_is_the_end(void **state)
{
	(void)state;
	long page = sysconf(_SC_PAGESIZE);
	char *map = mmap(NULL, 2 * (size_t)page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	assert_true(map != MAP_FAILED);
	assert_int_equal(mprotect(map + page, (size_t)page, PROT_NONE), 0);
	static const char *const tails[] = { "F a\n\n", "F a\n\n\n\n", "F a\n 1\n" };
	char why[256];
	for (size_t i = 0; i < sizeof tails / sizeof *tails; i++) {
		size_t n = strlen(tails[i]);
		char *at = map + page - n;
		memcpy(at, tails[i], n);
		char *dst = xasprintf("%s/end%zu", scratch, i);
		assert_int_equal(fleet_unpack(at, n, dst, why, sizeof why), -1);
		fleet_pack_remove(dst);
		free(dst);
	}
	munmap(map, 2 * (size_t)page);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_round_trip),
		cmocka_unit_test(test_bad_packs),
		cmocka_unit_test(test_pack_end_is_the_end),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
