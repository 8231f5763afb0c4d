/*
 * fit_cmd.c - `roofline fit DIR`: a run fitted, the fit written into it and summed up
 * on stdout (a fleet: fleet_cmd.c).
 */
#include "fit_cmd.h"

#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cliargs.h"
#include "fitout.h"
#include "fleet_cmd.h"
#include "plot_fleet.h"
#include "util.h"

int cmd_fit(int argc, char **argv)
{
	static const struct option longopts[] = { { NULL, 0, NULL, 0 } };
	while (next_option("fit", argc, argv, longopts) != -1)
		;
	want_positional("fit", argc, 1);
	const char *dir = argv[optind];
	if (fleet_dir_is(dir))
		return cli_fit_fleet(dir);
	struct rundata run;
	struct analysis *a = xcalloc(1, sizeof *a);
	char err[512];
	cli_load_run(dir, &run, a);
	if (fitout_write(dir, a, err, sizeof err) != 0)
		die(EXIT_FAILED, "%s", err);
	fitout_print_summary(stdout, &run, a);
	free(a);
	rundata_free(&run);
	if (fflush(stdout) != 0 || ferror(stdout))
		die(EXIT_FAILED, "cannot write the summary to standard output: %s", strerror(errno));
	return 0;
}
