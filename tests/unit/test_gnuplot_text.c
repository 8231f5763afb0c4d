/*
 * test_gnuplot_text.c - the gnuplot scripts' text machinery: quoting, and
 * templates whose placeholders are replaced, kept or refused.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "gnuplot_text.h"

static void test_quoting(void **state)
{
	(void)state;
	char *s = gp_str("it's\ta test");
	assert_string_equal(s, "it'.\"'\".'s a test");
	free(s);
	s = gp_str(NULL);
	assert_string_equal(s, "");
	free(s);
	char b[32];
	assert_string_equal(gp_num(1234567.0, b, sizeof b), "1.23457e+06");
	assert_string_equal(gp_num(0.25, b, sizeof b), "0.25");
	assert_string_equal(gp_num(NAN, b, sizeof b), "NaN");
	gp_roof_var(3, b, sizeof b);
	assert_string_equal(b, "roof_3");
}

/* Writes DIR/t.gp.in with `text` and expands it into DIR/t.gp; returns what was written or NULL. */
static char *expand(const char *dir, const char *text, struct gp_substs *s, char *err, size_t errlen)
{
	char *in = path_join(dir, "t.gp.in");
	FILE *fp = fopen(in, "w");
	assert_non_null(fp);
	fputs(text, fp);
	assert_int_equal(fclose(fp), 0);
	free(in);
	if (gp_write_script(dir, "t", dir, s, err, errlen) != 0)
		return NULL;
	char *out = path_join(dir, "t.gp");
	char why[512];
	char *got = read_text_file(out, why, sizeof why);
	unlink(out);
	free(out);
	return got;
}

static void test_templates(void **state)
{
	(void)state;
	char dir[] = "/tmp/roofline-gptext.XXXXXX";
	assert_non_null(mkdtemp(dir));
	struct gp_substs s = { .n = 0 };
	gp_subst_set(&s, "PEAK", xstrdup("42"));
	gp_subst_setf(&s, "TITLE", "'%s'", "@PEAK@ stays");
	char err[256] = "";
	/* Values are not rescanned; gnuplot's own @macro and a lone @ are kept. */
	char *got = expand(dir, "peak = @PEAK@\nset title @TITLE@\nplot @macro, a@b\n", &s, err, sizeof err);
	assert_non_null(got);
	assert_string_equal(got, "peak = 42\nset title '@PEAK@ stays'\nplot @macro, a@b\n");
	free(got);
	/* A typo in a template is an error naming its line, and no script is written. */
	assert_null(expand(dir, "a\nb = @PAEK@\n", &s, err, sizeof err));
	assert_non_null(strstr(err, "t.gp.in:2: unknown placeholder @PAEK@"));
	char *out = path_join(dir, "t.gp");
	assert_int_not_equal(access(out, F_OK), 0);
	free(out);
	gp_subst_free(&s);
	assert_int_equal(s.n, 0);
	char *in = path_join(dir, "t.gp.in");
	unlink(in);
	free(in);
	/* A missing template says which and why. */
	assert_int_equal(gp_write_script(dir, "t", dir, &s, err, sizeof err), -1);
	assert_non_null(strstr(err, "cannot read template"));
	assert_non_null(strstr(err, "No such file"));
	rmdir(dir);
}

static void test_run_dir_for(void **state)
{
	(void)state;
	char dir[] = "/tmp/roofline-gptext.XXXXXX";
	assert_non_null(mkdtemp(dir));
	char *run = path_join(dir, "run"), *plots = path_join(dir, "plots");
	char *deep = path_join(plots, "deep");
	assert_int_equal(mkdir(run, 0700) | mkdir(plots, 0700) | mkdir(deep, 0700), 0);
	char err[256] = "";
	char *rel = gp_run_dir_for(run, plots, err, sizeof err);
	assert_string_equal(rel, "../run");
	free(rel);
	rel = gp_run_dir_for(run, deep, err, sizeof err);
	assert_string_equal(rel, "../../run");
	free(rel);
	rel = gp_run_dir_for(run, run, err, sizeof err);
	assert_string_equal(rel, ".");
	free(rel);
	assert_null(gp_run_dir_for("/no/such/run", plots, err, sizeof err));
	assert_non_null(strstr(err, "/no/such/run"));
	rmdir(deep);
	rmdir(plots);
	rmdir(run);
	rmdir(dir);
	free(run);
	free(plots);
	free(deep);
}

/*
 * gp_str proved against gnuplot's own scanner: each nasty value, quoted, is
 * put in every kind of place the scripts put a string (a variable, an
 * sprintf argument, a comparison, a label, a title), and gnuplot must print
 * it back exactly (control characters as spaces) with no error.
 */
static void test_quoting_gnuplot(void **state)
{
	(void)state;
	static const char *const nasty[] = {
		"plain", "'x", "x'", "''", "''''", "a''b", "it's", "'", "%s%d%%", "100%", "@run",
		"`id`", "$(id)", "\"dq\"", "back\\slash", "x\\", "; print 'owned'", "#comment",
		"new\nline", "tab\there", "fma_run", "caf\xc3\xa9 \xe2\x86\x92", "a'.'b", "'.\"'\".'",
	};
	char dir[] = "/tmp/test_gp_quote.XXXXXX";
	assert_non_null(mkdtemp(dir));
	char *script = xasprintf("%s/q.gp", dir), *out = xasprintf("%s/out", dir);
	FILE *fp = fopen(script, "w");
	assert_non_null(fp);
	fputs("set term dumb size 60,12\nset output '/dev/null'\nset print '-'\n", fp);
	for (size_t i = 0; i < sizeof nasty / sizeof nasty[0]; i++) {
		char *q = gp_str(nasty[i]);
		fprintf(fp, "v = '%s'\nprint v\nprint sprintf('%%s', '%s')\n", q, q);
		fprintf(fp, "print ('%s' eq v) ? 'same' : 'differs'\n", q);
		fprintf(fp, "set label 1 '%s' at 0, 0\nplot x title '%s'\n", q, q);
		free(q);
	}
	fclose(fp);
	char *cmd = xasprintf("cd %s && gnuplot q.gp >out 2>&1", dir);
	int rc = system(cmd);
	free(cmd);
	char why[256];
	char *got = read_text_file(out, why, sizeof why);
	assert_non_null(got);
	if (rc != 0)
		fail_msg("gnuplot failed (%d):\n%s", rc, got);
	struct buf want = { 0 };
	for (size_t i = 0; i < sizeof nasty / sizeof nasty[0]; i++) {
		char *shown = xstrdup(nasty[i]);
		for (char *c = shown; *c; c++)
			if ((unsigned char)*c < 0x20)
				*c = ' ';
		buf_addf(&want, "%s\n%s\nsame\n", shown, shown);
		free(shown);
	}
	char *w = buf_take(&want);
	if (strcmp(got, w) != 0)
		fail_msg("gnuplot read back\n%s\nwant\n%s", got, w);
	free(w);
	free(got);
	unlink(out);
	unlink(script);
	rmdir(dir);
	free(out);
	free(script);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_quoting),
		cmocka_unit_test(test_quoting_gnuplot),
		cmocka_unit_test(test_templates),
		cmocka_unit_test(test_run_dir_for),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
