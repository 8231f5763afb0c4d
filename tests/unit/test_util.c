/* test_util.c - parse_bytes: which suffix means which power. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

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

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_parse_bytes),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
