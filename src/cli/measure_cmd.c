/*
 * measure_cmd.c - `roofline measure`: its options into struct measure_opts, then measure_run.
 */
#include "measure_cmd.h"

#include <getopt.h>
#include <string.h>

#include "cliargs.h"
#include "fleet_mpi.h"
#include "measure.h"
#include "util.h"

/* measure's options, one at a time */
enum { MO_OUT = 256, MO_QUICK, MO_ONLY, MO_THREADS, MO_PASSES, MO_TRIALS, MO_WARMUP, MO_MAXSIZE,
       MO_MINTIME, MO_LEVELS, MO_LIST, MO_MPI, MO_BUDGET, MO_SIMULATE, MO_SEED };

/* One option of measure's into `o`: 1 when it was --list (printed; measure ends). */
static int measure_option(int c, struct measure_opts *o, int *mpi)
{
	switch (c) {
	case MO_OUT:
		if (!*optarg)
			die(EXIT_USAGE, "measure: --out '': want a directory name");
		want_plain_path("measure", "--out", optarg);
		o->out_dir = optarg;
		break;
	case MO_QUICK:
		break;
	case MO_ONLY:
		if (measure_parse_groups(optarg, &o->groups) != 0)
			die(EXIT_USAGE, "measure: --only '%s': want a comma list of bandwidth, peak, kernels",
			    optarg);
		break;
	case MO_THREADS: {
		char err[160];
		if (measure_parse_threads(optarg, o, err, sizeof err) != 0)
			die(EXIT_USAGE, "measure: --threads '%s': %s", optarg, err);
		break;
	}
	case MO_PASSES:
		o->passes = parse_count("measure", "--passes", optarg, 1);
		break;
	case MO_TRIALS:
		o->trials = parse_count("measure", "--trials", optarg, 1);
		break;
	case MO_WARMUP:
		o->warmup = parse_count("measure", "--warmup", optarg, 0);
		break;
	case MO_MAXSIZE:
		if (parse_bytes(optarg, &o->max_size) != 0 || o->max_size < 32768 ||
		    o->max_size > 64.0 * 1073741824)
			die(EXIT_USAGE, "measure: --max-size '%s': want bytes per array from 32k to 64G (e.g. 256M)",
			    optarg);
		break;
	case MO_MINTIME:
		if (parse_double(optarg, &o->min_time) != 0 || !(o->min_time >= 1e-5 && o->min_time <= 10))
			die(EXIT_USAGE, "measure: --min-time '%s': want seconds from 1e-5 to 10", optarg);
		break;
	case MO_BUDGET:
		if (parse_double(optarg, &o->budget) != 0 ||
		    !(o->budget >= MEASURE_MIN_BUDGET_S && o->budget <= MEASURE_MAX_BUDGET_S))
			die(EXIT_USAGE, "measure: --budget '%s': want seconds from %g to %g", optarg,
			    MEASURE_MIN_BUDGET_S, MEASURE_MAX_BUDGET_S);
		break;
	case MO_LEVELS:
		if (measure_parse_levels(optarg, &o->levels) != 0)
			die(EXIT_USAGE, "measure: --levels '%s': want a comma list of dram, l2, l1",
			    optarg);
		break;
	case MO_SIMULATE:
		want_plain_path("measure", "--simulate", optarg);
		o->simulate = optarg;
		break;
	case MO_SEED: {
		long seed;
		if (parse_long(optarg, &seed) != 0 || seed < 0)
			die(EXIT_USAGE, "measure: --seed '%s': want a whole number >= 0", optarg);
		o->seed = (unsigned long)seed;
		break;
	}
	case MO_LIST:
		measure_list();
		return 1;
	case MO_MPI:
		/* Said at once, before any other option is judged: a test tells the builds apart by it. */
		if (!fleet_mpi_available())
			die(EXIT_USAGE, "measure --mpi: this build has no MPI (Open MPI's mpicc was not found "
			    "when it was built: install libopenmpi-dev and rebuild)");
		*mpi = 1;
		break;
	}
	return 0;
}

int cmd_measure(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "out", required_argument, NULL, MO_OUT },
		{ "quick", no_argument, NULL, MO_QUICK },
		{ "only", required_argument, NULL, MO_ONLY },
		{ "threads", required_argument, NULL, MO_THREADS },
		{ "passes", required_argument, NULL, MO_PASSES },
		{ "trials", required_argument, NULL, MO_TRIALS },
		{ "warmup", required_argument, NULL, MO_WARMUP },
		{ "max-size", required_argument, NULL, MO_MAXSIZE },
		{ "min-time", required_argument, NULL, MO_MINTIME },
		{ "budget", required_argument, NULL, MO_BUDGET },
		{ "levels", required_argument, NULL, MO_LEVELS },
		{ "list", no_argument, NULL, MO_LIST },
		{ "mpi", no_argument, NULL, MO_MPI },
		{ "simulate", required_argument, NULL, MO_SIMULATE },
		{ "seed", required_argument, NULL, MO_SEED },
		{ NULL, 0, NULL, 0 },
	};
	int mpi = 0;
	/* Quick changes the defaults, so find it first; explicit options win. */
	int quick = 0;
	for (int i = 1; i < argc; i++)
		if (strcmp(argv[i], "--quick") == 0)
			quick = 1;
	struct measure_opts o;
	measure_defaults(&o, quick);
	int c;
	while ((c = next_option("measure", argc, argv, longopts)) != -1)
		if (measure_option(c, &o, &mpi))
			return 0;
	want_positional("measure", argc, 0);
	if (mpi) {
		/* Each rank runs this same measure, without --mpi, on its own node (src/fleet/fleet_mpi.c). */
		return fleet_mpi_measure(o.out_dir, argc, argv);
	}
	return measure_run(&o);
}
