/* test_markdown.c - the Markdown pieces report.md and compare.md share. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "markdown.h"

/* What fn wrote to a memory stream, fresh. */
static char *text;
static size_t len;

static FILE *open_text(void)
{
	free(text);
	text = NULL;
	FILE *fp = open_memstream(&text, &len);
	assert_non_null(fp);
	return fp;
}

static void test_rate(void **state)
{
	(void)state;
	char b[32];
	assert_string_equal(md_rate(189.04, b, sizeof b), "189.0");
	assert_string_equal(md_rate(3.414, b, sizeof b), "3.41");
	assert_string_equal(md_rate(0.0834, b, sizeof b), "0.083");
	assert_string_equal(md_rate(-12.34, b, sizeof b), "-12.3");
	assert_string_equal(md_rate(NAN, b, sizeof b), "—");
}

static void test_cells(void **state)
{
	(void)state;
	FILE *fp = open_text();
	md_cell_text(fp, "a|b\nc\rd");
	md_cell_text(fp, NULL);
	md_cell(fp, "x|y");
	fclose(fp);
	assert_string_equal(text, "a\\|b c d x\\|y |");
	fp = open_text();
	md_row(fp, "CPU", "%s: %d cores", "Xeon | Gold\n", 8);
	fclose(fp);
	assert_string_equal(text, "| CPU | Xeon \\| Gold : 8 cores |\n");
	free(text);
	text = NULL;
}

/*
 * The one escaper, fed every character class: controls, HTML specials,
 * Markdown's markup, the pipe, a leading #, bytes above ASCII. What comes out
 * holds no raw < > or line break, and each markup character is escaped.
 */
static void test_escaper(void **state)
{
	(void)state;
	static const struct { const char *in, *name, *sentence; } cases[] = {
		{ "plain fma_avx512 L1@2t DRAM.1r1w", "plain fma_avx512 L1@2t DRAM.1r1w",
		  "plain fma_avx512 L1@2t DRAM.1r1w" },
		{ "<img src=x onerror=alert(1)>", "&lt;img src=x onerror=alert(1)&gt;",
		  "&lt;img src=x onerror=alert(1)&gt;" },
		{ "a&amp;b", "a&amp;amp;b", "a&amp;amp;b" },
		{ "x\n# heading\r\n<b>", "x # heading  &lt;b&gt;", "x # heading  &lt;b&gt;" },
		{ "# top", "\\# top", "# top" },
		{ "a|b", "a\\|b", "a\\|b" },
		{ "`code` *em* [l](u) \\", "\\`code\\` \\*em\\* \\[l\\](u) \\\\", "`code` *em* [l](u) \\" },
		{ "_x_ a_b", "\\_x\\_ a_b", "_x_ a_b" },
		{ "tab\there\x7f\x01", "tab here  ", "tab here  " },
		{ "caf\xc3\xa9 \"q\" 'q'", "caf\xc3\xa9 \"q\" 'q'", "caf\xc3\xa9 \"q\" 'q'" },
		{ "$(rm -rf /)", "$(rm -rf /)", "$(rm -rf /)" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		FILE *fp = open_text();
		md_text(fp, cases[i].in);
		fclose(fp);
		if (strcmp(text, cases[i].name) != 0)
			fail_msg("md_text('%s') = '%s', want '%s'", cases[i].in, text, cases[i].name);
		fp = open_text();
		md_cell_text(fp, cases[i].in);
		fclose(fp);
		if (strcmp(text, cases[i].sentence) != 0)
			fail_msg("md_cell_text('%s') = '%s', want '%s'", cases[i].in, text, cases[i].sentence);
	}
	/* Every byte, through both: never a raw <, >, or a control character out. */
	char all[256];
	for (int c = 1; c < 256; c++)
		all[c - 1] = (char)c;
	all[255] = '\0';
	for (int mode = 0; mode < 2; mode++) {
		FILE *fp = open_text();
		(mode ? md_cell_text : md_text)(fp, all);
		fclose(fp);
		for (const char *c = text; *c; c++)
			if (*c == '<' || *c == '>' || (unsigned char)*c < 0x20)
				fail_msg("byte 0x%02x left raw at %zu", (unsigned char)*c, (size_t)(c - text));
	}
	free(text);
	text = NULL;
}

/* A code span holds any backticks: its delimiter is longer than their longest run. */
static void test_code_span(void **state)
{
	(void)state;
	static const struct { const char *in, *out; } cases[] = {
		{ "-O3 -march=native", "`-O3 -march=native`" },
		{ "a`b", "``a`b``" },
		{ "`x``", "``` `x`` ```" },
		{ "dir|with\nnewline", "`dir\\|with newline`" },
		{ "<b>", "`<b>`" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		FILE *fp = open_text();
		md_code(fp, cases[i].in);
		fclose(fp);
		if (strcmp(text, cases[i].out) != 0)
			fail_msg("md_code('%s') = '%s', want '%s'", cases[i].in, text, cases[i].out);
	}
	FILE *fp = open_text();
	md_fence(fp, "a ```` b");
	fclose(fp);
	assert_string_equal(text, "`````\n");
	fp = open_text();
	md_fence(fp, "plain");
	fclose(fp);
	assert_string_equal(text, "```\n");
	free(text);
	text = NULL;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_rate),
		cmocka_unit_test(test_cells),
		cmocka_unit_test(test_escaper),
		cmocka_unit_test(test_code_span),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
