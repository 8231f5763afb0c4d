/* test_util.c - parse_bytes: which suffix means which power; format_rate; the capped file reader. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util.h"

static void test_parse_bytes(void **state)
{
	(void)state;
	static const struct {
		const char *text;
		double bytes;   /* 0: must be refused */
	} cases[] = {
		{ "123", 123 }, { "4k", 4096 }, { "64KiB", 65536 }, { "16M", 16777216 },
		{ "16mib", 16777216 }, { "1G", 1073741824 }, { "1GiB", 1073741824 },
		/* The tool's own unit: 1 GB = 1e9 bytes, 1 MB = 1e6, 1 kB = 1e3. */
		{ "1GB", 1e9 }, { "2gb", 2e9 }, { "256MB", 256e6 }, { "32kB", 32e3 },
		{ "12parsecs", 0 }, { "", 0 }, { "-1M", 0 }, { "M", 0 },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		double v = -1;
		int rc = parse_bytes(cases[i].text, &v);
		if (cases[i].bytes == 0) {
			if (rc != -1)
				fail_msg("'%s' accepted as %g", cases[i].text, v);
		} else if (rc != 0 || v != cases[i].bytes) {
			fail_msg("'%s': rc %d, %g bytes, want %g", cases[i].text, rc, v, cases[i].bytes);
		}
	}
}

/* One reader for every input: only regular files, never past the cap, errno saying why. */
/* A rate in prose: three significant digits, the whole number from 1000 on, never an exponent. */
static void test_format_rate(void **state)
{
	(void)state;
	static const struct {
		double v;
		const char *text;
	} cases[] = {
		{ 0.000123, "0.000123" }, { 1.09, "1.09" }, { 39.8, "39.8" }, { 999.4, "999" },
		{ 999.5, "1000" }, { 1000, "1000" }, { 1090, "1090" }, { 2496.87, "2497" },
		{ 5.5e5, "550000" }, { 0, "0" }, { 1.5e-5, "0.000015" }, { 1.234e-6, "0.00000123" },
		{ -2496.87, "-2497" }, { NAN, "NaN" }, { INFINITY, "inf" }, { -INFINITY, "-inf" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char buf[64];
		const char *got = format_rate(cases[i].v, buf, sizeof buf);
		assert_ptr_equal(got, buf);
		if (strcmp(buf, cases[i].text) != 0)
			fail_msg("%g: '%s', want '%s'", cases[i].v, buf, cases[i].text);
	}
}

static void test_read_file_capped(void **state)
{
	(void)state;
	char dir[] = "/tmp/test_util.XXXXXX", err[512];
	assert_non_null(mkdtemp(dir));
	char *small = xasprintf("%s/small", dir), *big = xasprintf("%s/big", dir);
	char *fifo = xasprintf("%s/fifo", dir), *missing = xasprintf("%s/missing", dir);
	FILE *fp = fopen(small, "w");
	assert_non_null(fp);
	fputs("key,value\n", fp);
	fclose(fp);
	char *text;
	size_t len;
	assert_int_equal(read_file_capped(small, &text, &len, err, sizeof err), 0);
	assert_int_equal(len, 10);
	assert_string_equal(text, "key,value\n");
	free(text);

	/* A sparse file one byte past the cap: refused from its size, nothing read. */
	int fd = open(big, O_WRONLY | O_CREAT, 0600);
	assert_true(fd >= 0);
	assert_int_equal(ftruncate(fd, ((off_t)UTIL_FILE_CAP_MB << 20) + 1), 0);
	close(fd);
	assert_int_equal(read_file_capped(big, &text, &len, err, sizeof err), -1);
	assert_int_equal(errno, EFBIG);
	char *want = xasprintf("%s: larger than %d MB", big, UTIL_FILE_CAP_MB);
	assert_string_equal(err, want);
	free(want);

	/* A device that never ends and a FIFO nobody writes: refused at once, not read. */
	assert_int_equal(read_file_capped("/dev/zero", &text, &len, err, sizeof err), -1);
	assert_int_equal(errno, EINVAL);
	assert_string_equal(err, "/dev/zero: not a regular file");
	assert_int_equal(mkfifo(fifo, 0600), 0);
	assert_int_equal(read_file_capped(fifo, &text, &len, err, sizeof err), -1);
	assert_int_equal(errno, EINVAL);

	assert_null(read_text_file(missing, err, sizeof err));
	assert_int_equal(errno, ENOENT);
	assert_non_null(strstr(err, "No such file"));

	unlink(small);
	unlink(big);
	unlink(fifo);
	rmdir(dir);
	free(small);
	free(big);
	free(fifo);
	free(missing);
}

/* A name a spreadsheet would run as a formula is stored as text; a number stays a number. */
static void test_csv_sheet_field(void **state)
{
	(void)state;
	static const struct { const char *name, *cell; } cases[] = {
		{ "dot", "dot" }, { "a,b", "\"a,b\"" }, { "q\"q", "\"q\"\"q\"" },
		{ "=HYPERLINK(\"x\")", "\"'=HYPERLINK(\"\"x\"\")\"" }, { "+cmd", "\"'+cmd\"" },
		{ "-O3", "\"'-O3\"" }, { "@SUM(A1)", "\"'@SUM(A1)\"" }, { "\tx", "\"'\tx\"" },
		{ "\rx", "\"'\rx\"" }, { "-3", "-3" }, { "+1e5", "+1e5" }, { "-0.25", "-0.25" },
		{ "", "" }, { "a=b", "a=b" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char *got = NULL;
		size_t len = 0;
		FILE *fp = open_memstream(&got, &len);
		assert_non_null(fp);
		csv_sheet_field(fp, cases[i].name);
		fclose(fp);
		if (strcmp(got, cases[i].cell) != 0)
			fail_msg("'%s' written as '%s', want '%s'", cases[i].name, got, cases[i].cell);
		free(got);
	}
	char *stored = csv_sheet_text("=1+1");
	assert_string_equal(stored, "'=1+1");
	free(stored);
}

/* UTF-8 as cairo takes it: every malformed class refused at its first byte. */
static void test_utf8_valid(void **state)
{
	(void)state;
	static const struct { const char *s; size_t bad; } cases[] = {
		{ "plain", (size_t)-1 }, { "caf\xc3\xa9 \xe2\x86\x92 \xf0\x9f\x98\x80", (size_t)-1 },
		{ "a\xff", 1 }, { "\x80x", 0 }, { "ab\xc3", 2 }, { "\xc0\xaf", 0 }, { "\xe0\x80\xaf", 0 },
		{ "\xed\xa0\x80", 0 }, { "x\xf4\x90\x80\x80", 1 }, { "\xe2\x86", 0 }, { "\xc3(", 0 },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		size_t bad = (size_t)-1;
		int ok = util_utf8_valid(cases[i].s, strlen(cases[i].s), &bad);
		if (ok != (cases[i].bad == (size_t)-1) || (!ok && bad != cases[i].bad))
			fail_msg("case %zu: ok %d at %zu, want bad at %zu", i, ok, bad, cases[i].bad);
	}
}

/* An underflow (a subnormal) is a number, judged by what it means; an overflow is none. */
static void test_parse_double_range(void **state)
{
	(void)state;
	double v = -1;
	assert_int_equal(parse_double("1e-310", &v), 0);
	assert_true(v > 0 && v < 1e-300);
	assert_int_equal(parse_double("1e-400", &v), 0);
	assert_true(v == 0);
	assert_int_equal(parse_double("1e999", &v), -1);
	assert_int_equal(parse_double("-1e999", &v), -1);
	assert_int_equal(parse_double("1e3x", &v), -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_parse_bytes),
		cmocka_unit_test(test_format_rate),
		cmocka_unit_test(test_read_file_capped),
		cmocka_unit_test(test_csv_sheet_field),
		cmocka_unit_test(test_utf8_valid),
		cmocka_unit_test(test_parse_double_range),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
