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

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_rate),
		cmocka_unit_test(test_cells),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
