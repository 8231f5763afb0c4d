/* help.c - see help.h. The table is the documentation: edit it, not the man page. */
#include "help.h"

#include <string.h>

static const struct help_option measure_opts[] = {
	{ "--out DIR", "the run directory to create (default data/runs/<UTC>-<cc>-<version>, "
		       "pointed at by data/latest); never an existing one" },
	{ "--quick", "a short run (a budget of 12 s): one pass, fewer trials, shorter "
		     "timings, smaller DRAM arrays" },
	{ "--only GROUPS", "a comma list of bandwidth, peak, kernels: measure only those groups" },
	{ "--threads LIST", "a comma list of thread counts to measure with (default: one core and "
			    "all physical cores, SMT siblings excluded); --threads 2 measures two "
			    "threads only" },
	{ "--passes N", "passes of warm-up and kept trials (default 3)" },
	{ "--trials N", "at most N kept trials per pass (default 15; a job stops sooner once the 95% "
			"interval of its figure is within 1% for a roof, 2% for a kernel's median: stops.csv)" },
	{ "--warmup N", "warm-up trials per pass, discarded (default 1, a quick run 0)" },
	{ "--budget SECONDS", "how long the whole run may take (default 50, a quick run 12): jobs "
			      "stop at their floor of 5 kept timings once it is spent, and stops.csv "
			      "and the summary say which figures are wider than asked; a kernels job "
			      "whose kept timings alone would take over a quarter of a thread count's "
			      "share, or whose floor is the costliest (over a tenth of a share) while "
			      "its count's floor outlasts its share, is left out, said, and named in "
			      "the report" },
	{ "--max-size BYTES", "the sweep's largest array, bytes per array, with k, M, G suffixes "
			      "(powers of 1024), KiB, MiB, GiB (the same) or kB, MB, GB (powers of 1000); default a "
			      "quarter of memory over the triad's 3 arrays (a quick run: at most 256M); the sweep "
			      "goes to STREAM's rule (each array 4x the last-level cache) within it" },
	{ "--min-time SECONDS", "how long each timing is calibrated to last at least (default 0.001)" },
	{ "--levels LEVELS", "a comma list of dram, l2, l1 (default dram): the memory levels the "
			     "kernels' working sets sit in" },
	{ "--list", "print the kernel table and exit" },
	{ "--mpi", "under mpirun, one rank a node: each rank measures its own node, rank 0 gathers "
		   "them into one fleet directory (--out, default data/fleets/<UTC>): fleet.csv and "
		   "nodes/<node>/, each an ordinary run directory; built only where Open MPI's mpicc was found" },
	{ "--simulate FILE", "run the same plan against the machine FILE describes (docs/machine-file.md, "
			     "data/machines/) on a fake clock, in seconds: an ordinary run directory whose "
			     "env.csv, report and figures say simulated; needs --out or writes data/runs/ "
			     "without moving data/latest" },
	{ "--seed N", "the simulated machine's noise: the same seed, the same run (default 0)" },
	{ "--help", "print this help and exit" },
	{ NULL, NULL },
};

static const struct help_option describe_opts[] = {
	{ "--out FILE", "write the machine file to FILE (whole or not at all) instead of standard output" },
	{ "--help", "print this help and exit" },
	{ NULL, NULL },
};

static const struct help_option fit_opts[] = {
	{ "--help", "print this help and exit" },
	{ NULL, NULL },
};

static const struct help_option plot_opts[] = {
	{ "--out DIR", "where the figures go (default plots)" },
	{ "--format LIST", "a comma list of png, svg, pdf (default png)" },
	{ "--size WxH", "the figure's size in pixels (default 1600x1000)" },
	{ "--points FILE", "also draw the points of FILE (your own code, as libroofline "
			   "writes them), the versions of one name joined by arrows" },
	{ "--threads N", "the thread count roofline.png shows (default the run's smallest: one core)" },
	{ "--title TEXT", "the figures' headline instead of \"Roofline of <cpu>\" (at most 90 "
			  "characters, no control characters)" },
	{ "--help", "print this help and exit" },
	{ NULL, NULL },
};

static const struct help_option report_opts[] = {
	{ "--out DIR", "where report.md and report.html go (default plots)" },
	{ "--format LIST", "a comma list of md (report.md) and html (report.html: one self-contained page, "
			   "the figure as inline SVG to explore); both by default" },
	{ "--points FILE", "also place the points of FILE (your own code) under the roofs, with "
			   "their diagnosis" },
	{ "--help", "print this help and exit" },
	{ NULL, NULL },
};

static const struct help_option compare_opts[] = {
	{ "--out DIR", "where compare.md, compare.csv, compare.png and compare.gp go (default plots)" },
	{ "--format LIST", "compare.png, and compare.svg and compare.pdf on request: a comma list of png, svg, pdf" },
	{ "--threads N", "the thread count compare.png shows (default: the smallest both runs measured, one core); compare-allcores.png shows the largest" },
	{ "--check [LIST]", "exit 1 when a kernel moved against its roof in a direction of LIST (a comma list of slower, faster; default slower), 0 when none did, 2 on bad input; prints one line naming the moves" },
	{ "--help", "print this help and exit" },
	{ NULL, NULL },
};

static const struct help_option help_opts[] = {
	{ "--man", "print the man page roofline(1) in roff instead" },
	{ NULL, NULL },
};

const struct help_command help_commands[] = {
	{ "measure",
	  "measure [--out DIR] [--quick] [--only GROUPS] [--threads LIST] [--passes N] [--trials N] "
	  "[--warmup N] [--budget SECONDS] [--max-size BYTES] [--min-time SECONDS] [--levels LEVELS] [--list] "
	  "[--mpi] [--simulate FILE] [--seed N]",
	  "time the bandwidth sweep, the FMA peak and the kernels",
	  "Times the bandwidth sweep, the FMA chains and the kernels round-robin (each trial times "
	  "every job once), checks every result, and writes a new run directory: env.csv, "
	  "timings.csv (every timing, warm-ups included), failures.csv and the compiler's "
	  "vectorisation remarks. Prints the run directory last on standard output.",
	  measure_opts },
	{ "fit", "fit DIR", "fit the roofs and place the kernels of a run",
	  "Reads DIR's timings and writes DIR/roofs.csv, points.csv, sweep.csv and chains.csv; "
	  "prints a summary (roofs, ridge, chains to saturate). DIR may be a fleet directory "
	  "(measure --mpi): each node's run is fitted, and fleet-roofs.csv (each roof's median, "
	  "range and node count) and fleet-nodes.csv (each node's value) are written beside "
	  "fleet.csv; the nodes outside the fleet's spread are printed.",
	  fit_opts },
	{ "plot", "plot DIR [--out DIR] [--format LIST] [--size WxH] [--points FILE] [--threads N] [--title TEXT]",
	  "draw the roofline figure and write the gnuplot scripts",
	  "Draws roofline.png (cairo): one thread count, one core unless --threads says otherwise; "
	  "with roofline-allcores.png beside it when the run has more than one thread count (its "
	  "legend scales each roof from the first figure's count). SVG keeps its text as text. "
	  "Writes the gnuplot scripts roofline.gp, bandwidth.gp, "
	  "chains.gp and kernels.gp, which read the run's CSV files themselves (rendered when "
	  "gnuplot is installed). For a fleet directory: the median roofline with each roof's "
	  "band across the nodes and the roofs of the nodes outside the fleet, one core and all "
	  "cores (roofline.png, roofline-allcores.png).",
	  plot_opts },
	{ "report", "report DIR [--out DIR] [--points FILE] [--format LIST]", "write report.md and report.html",
	  "Writes report.md and report.html (the same in one page to open in a browser, no network needed: "
	  "the figure as inline SVG, a point's verdict on hover, a switch for the thread count). report.md: the machine and build, the roofs with their spread, the FMA chains, "
	  "each kernel placed and diagnosed, the compiler's vectorisation verdicts, and notes, "
	  "among them the symptom checks (a ridge far out, all points on one roof, a point above "
	  "its roof, timings shorter than 20 timer ticks, STREAM's array-size rule). For a fleet "
	  "directory: every node's roofs, the fleet's median and range, the nodes outside the "
	  "fleet's spread and by how much, how the nodes' CPU, caches, clock and compiler "
	  "differ, and the nodes that failed.",
	  report_opts },
	{ "compare", "compare DIR_A DIR_B [--out DIR] [--format LIST] [--threads N] [--check [LIST]]", "compare two runs",
	  "Writes compare.md and compare.csv: whether the runs' machines differ; each kernel's "
	  "fraction of its own roof in both runs and their ratio with its 95% interval (trials and passes), "
	  "moved when it excludes 1, the move passes 5% and its trials settle it (unsettled, named, where each run's median lies among the other's trials or the fastest trials did not move); "
	  "the median is compared; a kernel timed from another level on one machine is not judged; a machine slower everywhere "
	  "moves no kernel; beside it the raw B / A; each roof's B / A, the machine's move (a roof that moved when only "
	  "the compiler or its flags changed is named compiler-dependent: the tool's defect). Draws "
	  "compare.png at one thread count, compare-allcores.png at all cores (svg and pdf with --format) and compare.gp.",
	  compare_opts },
	{ "describe", "describe DIR [--out FILE]", "write a measured run as a machine file",
	  "Writes the machine file (docs/machine-file.md) that `measure --simulate` replays: "
	  "the caches DIR's machine reports, the levels its fit found (each cache's size from "
	  "where its plateau ends, per core or shared), every pattern roof per thread count, "
	  "the FP units from its FMA chains and mix, its clock, timer and spread, and each "
	  "kernel's share of its roof.",
	  describe_opts },
	{ "help", "help [COMMAND] [--man]", "print the help of roofline or of one command",
	  "Prints the usage of every command, or the help of COMMAND (as COMMAND --help does).",
	  help_opts },
	{ NULL, NULL, NULL, NULL, NULL },
};

static const char units_text[] =
	"Units: 1 GB/s = 1e9 bytes/s, 1 GFLOP/s = 1e9 flop/s; bytes count what a kernel\n"
	"must move (STREAM's convention: a triad element is 24 bytes).\n";

static const char exit_text[] =
	"Exit status: 0 done, 1 failed while running, 2 bad usage or bad input (one line on\n"
	"standard error starting with roofline:, with file:line:column for a bad CSV cell).\n";

/* The points file and libroofline: the man page's own section, and the --points help. */
static const char points_text[] =
	"A points file is CSV with a header row name,version,flops,bytes,seconds and\n"
	"optional threads, level (L1, L2, L3, DRAM), flops_source and bytes_source\n"
	"(declared or counted); one row per timed region of your own code. libroofline\n"
	"(roofline.h; pkg-config --cflags --libs roofline; a Fortran module roofline)\n"
	"writes such rows: roofline_region_begin(\"name\") and roofline_region_end(\"name\",\n"
	"flops, bytes) around the code, on every thread of a parallel region, to the file\n"
	"named by ROOFLINE_POINTS (default points.csv) at exit; or ROOFLINE_TIME(\"file.csv\",\n"
	"\"name\", \"version\", flops, bytes, code). Where perf_event_open allows, it counts\n"
	"the flops (ROOFLINE_COUNT_FLOPS=1) and the memory controllers' bytes\n"
	"(ROOFLINE_COUNT_BYTES=1) instead.\n";

const struct help_command *help_find(const char *name)
{
	for (const struct help_command *c = help_commands; c->name; c++)
		if (strcmp(c->name, name) == 0)
			return c;
	return NULL;
}

/* Writes text wrapped at `width` columns, each line after `indent` spaces. */
static void wrap(FILE *fp, const char *text, int indent, int width)
{
	const char *p = text;
	while (*p) {
		int room = width - indent;
		size_t n = strlen(p);
		if ((int)n > room) {
			n = (size_t)room;
			while (n > 0 && p[n] != ' ')
				n--;
			if (n == 0)
				n = strcspn(p, " ");
		}
		fprintf(fp, "%*s%.*s\n", indent, "", (int)n, p);
		p += n;
		while (*p == ' ')
			p++;
	}
}

void help_usage(FILE *fp)
{
	for (const struct help_command *c = help_commands; c->name; c++) {
		fprintf(fp, "%s roofline ", c == help_commands ? "usage:" : "      ");
		fprintf(fp, "%s\n", c->synopsis);
	}
	fputs("       roofline --help | --version\n\n", fp);
	for (const struct help_command *c = help_commands; c->name; c++)
		fprintf(fp, "  %-9s%s\n", c->name, c->summary);
	fputs("\n'roofline COMMAND --help' (or 'roofline help COMMAND') says more.\n\n", fp);
	fputs(units_text, fp);
}

void help_command_print(FILE *fp, const struct help_command *c)
{
	fputs("usage: roofline ", fp);
	fprintf(fp, "%s\n\n", c->synopsis);
	wrap(fp, c->text, 0, 80);
	fputs("\n", fp);
	for (const struct help_option *o = c->options; o->option; o++) {
		fprintf(fp, "  %s\n", o->option);
		wrap(fp, o->text, 6, 80);
	}
	if (strcmp(c->name, "plot") == 0 || strcmp(c->name, "report") == 0)
		fprintf(fp, "\n%s", points_text);
	fprintf(fp, "\n%s", exit_text);
}

/* Text for roff: a leading dot or quote escaped, backslashes doubled, dashes as \-. */
static void roff(FILE *fp, const char *s)
{
	for (const char *p = s; *p; p++) {
		if ((p == s || p[-1] == '\n') && (*p == '.' || *p == '\''))
			fputs("\\&", fp);
		if (*p == '\\')
			fputs("\\e", fp);
		else if (*p == '-')
			fputs("\\-", fp);
		else
			fputc(*p, fp);
	}
}

void help_man(FILE *fp, const char *version)
{
	fprintf(fp, ".\\\" roofline(1), generated by 'roofline help --man' from src/cli/help.c: edit that.\n");
	fprintf(fp, ".TH ROOFLINE 1 \"\" \"roofline %s\" \"User Commands\"\n", version);
	fputs(".nh\n.ad l\n", fp);   /* no hyphens inside option names, ragged right */
	fputs(".SH NAME\nroofline \\- measure a machine's roofs, place kernels under them, draw the chart\n", fp);
	fputs(".SH SYNOPSIS\n", fp);
	for (const struct help_command *c = help_commands; c->name; c++) {
		fputs(".B roofline\n", fp);
		roff(fp, c->synopsis);
		fputs("\n.br\n", fp);
	}
	fputs(".B roofline\n\\-\\-help | \\-\\-version\n", fp);
	fputs(".SH DESCRIPTION\n", fp);
	fputs("Measures the two numbers of the roofline model on this machine (the bandwidth of each "
	      "memory level and the floating\\-point peak with its ceilings), times real kernels and "
	      "places them under the roofs, draws the chart and writes a report.\n", fp);
	fputs(".SH COMMANDS\n", fp);
	for (const struct help_command *c = help_commands; c->name; c++) {
		fprintf(fp, ".SS %s\n", c->name);
		roff(fp, c->text);
		fputs("\n", fp);
		for (const struct help_option *o = c->options; o->option; o++) {
			fputs(".TP\n.B ", fp);
			roff(fp, o->option);
			fputs("\n", fp);
			roff(fp, o->text);
			fputs("\n", fp);
		}
	}
	fputs(".SH YOUR CODE ON THE CHART\n", fp);
	roff(fp, points_text);
	fputs(".SH UNITS\n", fp);
	roff(fp, units_text);
	fputs(".SH EXIT STATUS\n", fp);
	roff(fp, exit_text);
	fputs(".SH FILES\n.TP\n.I data/runs/<UTC>\\-<cc>\\-<version>/\n"
	      "a run: env.csv, timings.csv, failures.csv, remarks/; after fit: roofs.csv, points.csv, "
	      "sweep.csv, chains.csv\n.TP\n.I PREFIX/include/roofline.h\n"
	      "the header of libroofline, which puts your own code on the chart\n"
	      ".TP\n.I LIBDIR/libroofline.so, LIBDIR/libroofline.a, LIBDIR/pkgconfig/roofline.pc\n"
	      "the library and its pkg-config file\n", fp);
}
