/*
 * quiet_measure.h - runs measure in-process (a simulated machine's run) with
 * its standard output thrown away and its standard error, what it says,
 * into a file (NULL: thrown away too), for the simulation tests
 * (sim_contract.h, sim_run.h). Static, one copy per test program.
 */
#ifndef ROOFLINE_TEST_QUIET_MEASURE_H
#define ROOFLINE_TEST_QUIET_MEASURE_H

#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

#include "measure.h"

/* measure_run(o) with stdout to /dev/null and stderr to `said_log` (NULL: /dev/null). Returns its status. */
static inline __attribute__((unused)) int measure_quietly(const struct measure_opts *o, const char *said_log)
{
	fflush(stdout);
	fflush(stderr);
	int out = dup(STDOUT_FILENO), errfd = dup(STDERR_FILENO), null = open("/dev/null", O_WRONLY);
	int said = said_log ? open(said_log, O_WRONLY | O_CREAT | O_TRUNC, 0644) : null;
	dup2(null, STDOUT_FILENO);
	dup2(said, STDERR_FILENO);
	int rc = measure_run(o);
	fflush(stdout);
	fflush(stderr);
	dup2(out, STDOUT_FILENO);
	dup2(errfd, STDERR_FILENO);
	close(out);
	close(errfd);
	if (said != null)
		close(said);
	close(null);
	return rc;
}

#endif
