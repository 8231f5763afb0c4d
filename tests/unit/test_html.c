/*
 * test_html.c - report.html's one escaping function (html.h) on a table of
 * every character class and on the robustness tests' nasty names
 * (t0603-robust.sh, t0621-robust2.sh), and the SHA-256 its policy names the
 * inline script and style by (FIPS 180-4's examples).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "html.h"
#include "report_html.h"
#include "sha256.h"
#include "util.h"

#define FFFD "\xef\xbf\xbd"

static char *escaped(const char *s)
{
	struct buf b = { 0 };
	html_escape(&b, s);
	return buf_take(&b);
}

static void check(const char *in, const char *want)
{
	char *got = escaped(in);
	if (strcmp(got, want) != 0)
		fail_msg("html_escape(\"%s\") = \"%s\", want \"%s\"", in, got, want);
	free(got);
}

static void test_classes(void **state)
{
	(void)state;
	static const struct {
		const char *in, *out;
	} cases[] = {
		/* letters, digits, punctuation that means nothing in HTML text or a quoted value */
		{ "triad_2r1w", "triad_2r1w" }, { "L1@2t 620.0 GB/s", "L1@2t 620.0 GB/s" },
		{ "=cmd() %d%s `-march` ${x} \\ / ; : ! ? # [ ] { } | ~ ^ + * ,", "=cmd() %d%s `-march` ${x} \\ / ; : ! ? # [ ] { } | ~ ^ + * ," },
		/* the five that do: each a reference */
		{ "&", "&amp;" }, { "<", "&lt;" }, { ">", "&gt;" }, { "\"", "&quot;" }, { "'", "&#39;" },
		{ "&amp;", "&amp;amp;" }, { "&#60;", "&amp;#60;" },
		/* tab and line feed stay; every other control, DEL and the C1 controls become U+FFFD */
		{ "a\tb\nc", "a\tb\nc" }, { "a\rb", "a" FFFD "b" }, { "\x01\x1b[31m", FFFD FFFD "[31m" },
		{ "\x7f", FFFD }, { "\xc2\x80 \xc2\x9f", FFFD " " FFFD },
		/* well-formed UTF-8 passes: 2, 3 and 4 bytes, U+00A0, U+FFFF, U+10FFFF */
		{ "\xc2\xa0\xc2\xb7 \xc3\xa9", "\xc2\xa0\xc2\xb7 \xc3\xa9" }, { "\xe2\x80\x94 \xef\xbf\xbf", "\xe2\x80\x94 \xef\xbf\xbf" },
		{ "\xf0\x9f\x93\x88 \xf4\x8f\xbf\xbf", "\xf0\x9f\x93\x88 \xf4\x8f\xbf\xbf" },
		/* what is not UTF-8, byte by byte: a stray continuation, a lone lead, an overlong '<', a surrogate, past U+10FFFF, cut short */
		{ "\x80", FFFD }, { "\xff", FFFD }, { "d\xffot", "d" FFFD "ot" }, { "\xc0\xbc", FFFD FFFD },
		{ "\xe0\x80\xbc", FFFD FFFD FFFD }, { "\xed\xa0\x80", FFFD FFFD FFFD },
		{ "\xf4\x90\x80\x80", FFFD FFFD FFFD FFFD }, { "\xe2\x80", FFFD FFFD }, { "\xf0\x9f\x93", FFFD FFFD FFFD },
		{ "\xc3<", FFFD "&lt;" },
		{ "", "" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
		check(cases[i].in, cases[i].out);
	struct buf b = { 0 };
	html_escape(&b, NULL);
	assert_null(b.s);
	html_escapef(&b, "%s at %d%%", "<b>", 5);
	assert_string_equal(b.s, "&lt;b&gt; at 5%");
	free(b.s);
}

/* The robustness tests' names: no tag, no attribute end, no reference survives as markup. */
static void test_nasty_names(void **state)
{
	(void)state;
	static const struct {
		const char *in, *out;
	} cases[] = {
		{ "<script>alert(1)</script>", "&lt;script&gt;alert(1)&lt;/script&gt;" },
		{ "fma_<img src=x>", "fma_&lt;img src=x&gt;" },
		{ "tr<b>iad", "tr&lt;b&gt;iad" },
		{ "gcc\n# Owned <img src=x onerror=alert(1)>", "gcc\n# Owned &lt;img src=x onerror=alert(1)&gt;" },
		{ "<img src=x onerror=alert(1)> 384 KiB", "&lt;img src=x onerror=alert(1)&gt; 384 KiB" },
		{ "-O3 `-march`", "-O3 `-march`" },
		{ "'dot", "&#39;dot" }, { "a''b%d%s", "a&#39;&#39;b%d%s" }, { "=cmd()", "=cmd()" },
		{ "fma_a,b", "fma_a,b" }, { "r3`x", "r3`x" }, { "<img_src=x>", "&lt;img_src=x&gt;" },
		{ "\" onmouseover=\"alert(1)", "&quot; onmouseover=&quot;alert(1)" },
		{ "' onfocus='alert(1)", "&#39; onfocus=&#39;alert(1)" },
		{ "</title><script>x</script>", "&lt;/title&gt;&lt;script&gt;x&lt;/script&gt;" },
		{ "]]><svg onload=alert(1)>", "]]&gt;&lt;svg onload=alert(1)&gt;" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		check(cases[i].in, cases[i].out);
		char *got = escaped(cases[i].in);
		assert_null(strpbrk(got, "<>\"'"));
		free(got);
	}
}

static void hex(const uint8_t *d, char *out)
{
	for (int i = 0; i < 32; i++)
		snprintf(out + 2 * i, 3, "%02x", d[i]);
}

static void test_sha256(void **state)
{
	(void)state;
	uint8_t d[32];
	char h[65], b64[45];
	sha256("abc", 3, d);
	hex(d, h);
	assert_string_equal(h, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
	sha256("", 0, d);
	hex(d, h);
	assert_string_equal(h, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
	/* 56 bytes: the length no longer fits the first padded block */
	const char *two = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
	sha256(two, strlen(two), d);
	hex(d, h);
	assert_string_equal(h, "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
	char *million = malloc(1000000);
	memset(million, 'a', 1000000);
	sha256(million, 1000000, d);
	free(million);
	hex(d, h);
	assert_string_equal(h, "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
	sha256_base64("abc", 3, b64);
	assert_string_equal(b64, "ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0=");
}

/* The page's script and style hold no run's text: nothing in them to escape, nothing a name can reach. */
static void test_assets_are_constant(void **state)
{
	(void)state;
	assert_null(strstr(report_html_script, "</script"));
	assert_null(strstr(report_html_style, "</style"));
	assert_null(strstr(report_html_script, "innerHTML"));
	assert_null(strstr(report_html_script, "eval("));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_classes),
		cmocka_unit_test(test_nasty_names),
		cmocka_unit_test(test_sha256),
		cmocka_unit_test(test_assets_are_constant),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
