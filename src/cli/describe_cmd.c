/*
 * describe_cmd.c - `roofline describe RUN_DIR [--out FILE]`: a measured run
 * as a machine file (describe.h), on standard output or into FILE (whole or
 * not at all), for `measure --simulate`.
 */
#include "describe_cmd.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>

#include "analysis.h"
#include "cliargs.h"
#include "describe.h"
#include "rundata.h"
#include "util.h"

int cmd_describe(int argc, char **argv)
{
	static const struct option longopts[] = { { "out", required_argument, NULL, 'o' }, { NULL, 0, NULL, 0 } };
	const char *out = NULL;
	int c;
	while ((c = next_option("describe", argc, argv, longopts)) != -1)
		if (c == 'o')
			out = optarg;
	want_positional("describe", argc, 1);
	const char *dir = argv[optind];
	want_plain_path("describe", "run directory", dir);
	if (out)
		want_plain_path("describe", "--out", out);
	struct stat st;
	char err[512];
	if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode))
		die(EXIT_USAGE, "%s: no such run directory", dir);
	struct rundata run;
	struct analysis *a = xcalloc(1, sizeof *a);
	struct machine_desc d;
	if (rundata_load(dir, &run, err, sizeof err) != 0)
		die(EXIT_USAGE, "%s", err);
	if (analysis_build(&run, a, err, sizeof err) != 0 || describe_machine(&run, a, &d, err, sizeof err) != 0)
		die(EXIT_USAGE, "%s: %s", dir, err);
	char *comment = xasprintf("described by `roofline describe` from the run %s", dir);
	if (!out) {
		machine_file_write(stdout, &d, comment);
		if (fflush(stdout) != 0)
			die(EXIT_FAILED, "cannot write to standard output");
	} else {
		struct outfile f;
		if (outfile_open(&f, out, err, sizeof err) != 0)
			die(EXIT_USAGE, "%s", err);
		machine_file_write(f.fp, &d, comment);
		if (outfile_commit(&f, err, sizeof err) != 0)
			die(EXIT_FAILED, "%s", err);
		fprintf(stderr, "roofline: wrote %s\n", out);
	}
	free(comment);
	free(a);
	rundata_free(&run);
	return 0;
}
