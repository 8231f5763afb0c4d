/*
 * report_cmd.c - `roofline report DIR`: report.md and report.html of one run, written
 * from what input loaded and the model decided (the symptoms once for
 * both); a fleet: fleet_cmd.c.
 */
#include "report_cmd.h"

#include <getopt.h>
#include <stdlib.h>

#include "cliargs.h"
#include "fleet_cmd.h"
#include "plot_fleet.h"
#include "plotargs.h"
#include "report.h"
#include "report_html.h"
#include "util.h"

int cmd_report(int argc, char **argv)
{
	enum { O_OUT = 256, O_POINTS, O_FORMAT };
	static const struct option longopts[] = {
		{ "out", required_argument, NULL, O_OUT },
		{ "points", required_argument, NULL, O_POINTS },
		{ "format", required_argument, NULL, O_FORMAT },
		{ NULL, 0, NULL, 0 },
	};
	const char *out = "plots", *points = NULL, *formats = NULL;
	int c, md, html;
	while ((c = next_option("report", argc, argv, longopts)) != -1) {
		if (c == O_OUT)
			out = optarg;
		else if (c == O_POINTS)
			points = optarg;
		else if (c == O_FORMAT)
			formats = optarg;
	}
	plotargs_report_formats(formats ? formats : "md,html", &md, &html);
	want_positional("report", argc, 1);
	const char *dir = argv[optind];
	if (fleet_dir_is(dir)) {
		if (points)
			die(EXIT_USAGE, "report: --points: %s is a fleet directory: report one node's run with them (%s/nodes/<node>)",
			    dir, dir);
		/* A fleet's report is report.md alone: its page is not built (yet). */
		if (formats && !md)
			die(EXIT_USAGE, "report: --format '%s': %s is a fleet directory, reported in report.md only",
			    formats, dir);
		return cli_report_fleet(dir, out);
	}
	struct rundata run;
	struct userpoints up = { 0 };
	struct analysis *a = cli_load_for_output("report", dir, points, out, &run, &up);
	char err[512];
	/* The model's symptoms, once for both pages. */
	struct symptoms sy;
	symptoms_check(&run, a, points ? &up : NULL, &sy);
	char *path = path_join(out, "report.md");
	if (md && report_write_points(path, &run, a, points ? &up : NULL, &sy, err, sizeof err) != 0)
		die(EXIT_FAILED, "%s", err);
	if (md)
		fprintf(stderr, "roofline: wrote %s\n", path);
	free(path);
	path = path_join(out, "report.html");
	if (html && report_html_write(path, &run, a, points ? &up : NULL, &sy, err, sizeof err) != 0)
		die(EXIT_FAILED, "%s", err);
	if (html)
		fprintf(stderr, "roofline: wrote %s\n", path);
	free(path);
	userpoints_free(&up);
	free(a);
	rundata_free(&run);
	return 0;
}
