/*
 * fleet_mpi.c - measure --mpi (fleet_mpi.h): the ranks, their measures as
 * child processes, and the gathering of every node's files on rank 0.
 */
#include "fleet_mpi.h"

#include "util.h"

#ifndef ROOFLINE_HAVE_MPI

int fleet_mpi_available(void)
{
	return 0;
}

int fleet_mpi_measure(const char *fleet_dir, int argc, char **argv)
{
	(void)fleet_dir, (void)argc, (void)argv;
	return EXIT_USAGE;
}

#else

#include <errno.h>
#include <fcntl.h>
#include <mpi.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "csvin.h"
#include "fleet_dir.h"
#include "fleet_pack.h"
#include "runplace.h"

enum { TAG_TURN = 1, TAG_STATUS, TAG_FILES, TAG_STORED };
#define NAME_LEN 64
#define STATUS_LEN 160
/* A node's files travel as one message, whose count is an int. */
#define MAX_PACK_BYTES (1024L * 1024 * 1024)

int fleet_mpi_available(void)
{
	return 1;
}

static void sleep_ms(long ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };
	while (nanosleep(&ts, &ts) != 0 && errno == EINTR)
		;
}

/*
 * Waits for a request, polling with sleeps: Open MPI's blocking calls spin
 * on a core, and a rank that waits may share its machine with one that
 * measures (the test hook), or wait on rank 0 while rank 0 measures.
 */
static void wait_quietly(MPI_Request *req)
{
	int done = 0;
	while (MPI_Test(req, &done, MPI_STATUS_IGNORE) == MPI_SUCCESS && !done)
		sleep_ms(20);
}

/* The node's name: ROOFLINE_NODE_NAME (a test hook, "%d" the rank), else the processor name. */
static void node_name(int rank, char *out, size_t size)
{
	const char *hook = getenv("ROOFLINE_NODE_NAME");
	char raw[MPI_MAX_PROCESSOR_NAME + 32] = "";
	if (hook && *hook) {
		struct buf b = { 0 };
		for (const char *s = hook; *s; s++) {
			if (s[0] == '%' && s[1] == 'd') {
				buf_addf(&b, "%d", rank);
				s++;
			} else {
				buf_add(&b, s, 1);
			}
		}
		char *t = buf_take(&b);
		snprintf(raw, sizeof raw, "%s", t);
		free(t);
	} else {
		int len = 0;
		if (MPI_Get_processor_name(raw, &len) != MPI_SUCCESS || len <= 0)
			gethostname(raw, sizeof raw - 1);
	}
	fleet_dir_safe_name(raw, out, size);
}

/* ---- the fleet directory (rank 0) ------------------------------------------ */

/* Makes every directory above `path` (not path itself), from the root down. */
static int mkdir_parents(const char *path)
{
	char *up = xstrdup(path);
	char *slash = strrchr(up, '/');
	int rc = 0;
	if (slash && slash != up) {
		*slash = '\0';
		rc = mkdir_parents(up) == 0 && (mkdir(up, 0777) == 0 || errno == EEXIST) ? 0 : -1;
	}
	free(up);
	return rc;
}

/* Makes the fleet directory and its nodes/; the default gets -2, -3 ... on a clash. NULL with why. */
static char *make_fleet_dir(const char *want, char *why, size_t whylen)
{
	char stamp[32];
	time_t now = time(NULL);
	struct tm tm;
	gmtime_r(&now, &tm);
	strftime(stamp, sizeof stamp, "%Y%m%dT%H%M%SZ", &tm);
	/* "DIR/" as shell completion writes it is DIR; never inside a run or another fleet. */
	char *base = want ? runplace_trim_slashes(want) : xasprintf("data/fleets/%s", stamp);
	char *dir = xstrdup(base), *holder = NULL;
	enum runplace_kind in = runplace_enclosing(base, &holder);
	if (in != RUNPLACE_NONE) {
		snprintf(why, whylen, "--out %s is inside the %s %s: a fleet is never made inside an "
			 "existing run or fleet", base, in == RUNPLACE_FLEET ? "fleet" : "run directory",
			 holder);
		free(holder);
		goto fail;
	}
	if (mkdir_parents(dir) != 0) {
		snprintf(why, whylen, "cannot create the parents of %s: %s", dir, strerror(errno));
		goto fail;
	}
	for (int i = 2; mkdir(dir, 0777) != 0; i++) {
		if (errno != EEXIST || want) {
			snprintf(why, whylen, "cannot create fleet directory %s: %s%s", dir, strerror(errno),
				 errno == EEXIST ? " (a run never writes into an existing directory)" : "");
			goto fail;
		}
		free(dir);
		dir = xasprintf("%s-%d", base, i);
	}
	char *nodes = path_join(dir, "nodes");
	int rc = mkdir(nodes, 0777);
	free(nodes);
	if (rc != 0) {
		snprintf(why, whylen, "cannot create %s/nodes: %s", dir, strerror(errno));
		goto fail;
	}
	free(base);
	return dir;
fail:
	free(base);
	free(dir);
	return NULL;
}

/* ---- one node's measure, as a child process -------------------------------- */

static volatile sig_atomic_t child_pid, forwarded;

/* SIGINT or SIGTERM to the rank: passed to its measure, which stops after the job in hand. */
static void forward_signal(int sig)
{
	forwarded = sig;
	if (child_pid > 0)
		kill((pid_t)child_pid, sig);
}

/* measure's own options without --mpi and --out, then --out rundir. */
static char **child_args(int argc, char **argv, const char *rundir)
{
	char **av = xcalloc((size_t)argc + 4, sizeof *av);
	int k = 0;
	av[k++] = (char *)"roofline";
	av[k++] = (char *)"measure";
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--mpi") == 0 || strncmp(argv[i], "--out=", 6) == 0)
			continue;
		if (strcmp(argv[i], "--out") == 0) {
			i++;
			continue;
		}
		av[k++] = argv[i];
	}
	av[k++] = (char *)"--out";
	av[k++] = (char *)rundir;
	av[k] = NULL;
	return av;
}

/* 1 when DIR/failures.csv has a row past its header. */
static int has_failures(const char *dir)
{
	char *path = path_join(dir, "failures.csv"), why[512];
	char *text = read_text_file(path, why, sizeof why);
	free(path);
	const char *nl = text ? strchr(text, '\n') : NULL;
	int any = nl && nl[1] != '\0';
	free(text);
	return any;
}

/*
 * Runs this binary's measure into rundir and says how it ended, in words
 * ("ok" or what went wrong) into status.
 */
static void measure_node(int argc, char **argv, const char *rundir, char *status, size_t size)
{
	char **av = child_args(argc, argv, rundir);
	fflush(stdout);
	fflush(stderr);
	pid_t pid = fork();
	if (pid < 0) {
		snprintf(status, size, "could not start its measure: %s", strerror(errno));
		free(av);
		return;
	}
	if (pid == 0) {
		/* Its last line of output is its run directory, which is not the fleet's. */
		int fd = open("/dev/null", O_WRONLY);
		if (fd >= 0)
			dup2(fd, STDOUT_FILENO);
		/*
		 * The node is this rank's: undo the launcher's binding (Open MPI
		 * binds each rank to a core), so measure finds every core for its
		 * all-core pass; a scheduler's cpuset still bounds it.
		 */
		cpu_set_t all;
		CPU_ZERO(&all);
		long ncpu = sysconf(_SC_NPROCESSORS_CONF);
		for (long c = 0; c < ncpu && c < CPU_SETSIZE; c++)
			CPU_SET((int)c, &all);
		sched_setaffinity(0, sizeof all, &all);
		/* The one run this fleet's measure makes inside it: its node (runplace.h). */
		setenv(RUNPLACE_FLEET_NODE_ENV, rundir, 1);
		execv("/proc/self/exe", av);
		fprintf(stderr, "roofline: cannot run /proc/self/exe for the node's measure: %s\n", strerror(errno));
		_exit(EXIT_FAILED);
	}
	child_pid = pid;
	int st = 0;
	while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
		;
	child_pid = 0;
	free(av);
	if (WIFEXITED(st) && WEXITSTATUS(st) == 0 && !forwarded)
		snprintf(status, size, "ok");
	else if (WIFSIGNALED(st))
		snprintf(status, size, "its measure was killed by signal %d (%s); the timings it took are kept",
			 WTERMSIG(st), strsignal(WTERMSIG(st)));
	else if (forwarded)
		snprintf(status, size, "interrupted by signal %d (%s); the timings it took are kept", (int)forwarded,
			 strsignal(forwarded));
	else if (WEXITSTATUS(st) == EXIT_FAILED && has_failures(rundir))
		snprintf(status, size, "a kernel failed its check (see its failures.csv)");
	else
		snprintf(status, size, "its measure failed (exit %d)", WEXITSTATUS(st));
}

/* cpu_model from a run's env.csv, for fleet.csv. */
static int env_cpu_row(void *ctx, size_t index, const struct csv_row *row, char *err, size_t errlen)
{
	(void)index, (void)err, (void)errlen;
	if (row->n >= 2 && strcmp(row->fields[0], "cpu_model") == 0)
		snprintf(ctx, 128, "%s", row->fields[1]);
	return 0;
}

static void read_cpu_model(const char *rundir, char *out)
{
	char err[256];
	char *path = path_join(rundir, "env.csv");
	out[0] = '\0';
	if (csvin_read(path, env_cpu_row, out, err, sizeof err) != 0)
		out[0] = '\0';
	free(path);
}

/* fleet.csv as it stands; a failure to write it is said, and the gathering goes on. */
static void save_fleet_csv(const char *dir, const struct fleet_node *nodes, size_t n)
{
	char err[512];
	if (fleet_dir_write_csv(dir, nodes, n, err, sizeof err) != 0)
		util_warn("%s", err);
}

/* ---- the ranks ------------------------------------------------------------- */

/* Why these ranks cannot make a fleet, into why (empty when they can); the same answer on every rank. */
static void check_ranks(int size, const char *names, int shared_max, char *why, size_t whylen)
{
	why[0] = '\0';
	const char *hook = getenv("ROOFLINE_NODE_NAME");
	if (shared_max > 1 && !(hook && *hook))
		snprintf(why, whylen, "measure --mpi: %d ranks share one machine's memory: start one rank a node "
			 "(mpirun --map-by ppr:1:node), so that no two measure one machine at once", shared_max);
	for (int i = 0; i < size && !*why; i++)
		for (int j = i + 1; j < size && !*why; j++)
			if (strcmp(names + (size_t)i * NAME_LEN, names + (size_t)j * NAME_LEN) == 0)
				snprintf(why, whylen, "measure --mpi: ranks %d and %d are both on node %s: start one rank "
					 "a node (mpirun --map-by ppr:1:node)", i, j, names + (size_t)i * NAME_LEN);
}

/* Rank 0: its own node, then every other rank's files as they come; fleet.csv kept current. */
static int gather(const char *dir, struct fleet_node *nodes, int size)
{
	int failed = strcmp(nodes[0].status, "ok") != 0;
	char *own = path_join(dir, nodes[0].run);
	read_cpu_model(own, nodes[0].cpu_model);
	free(own);
	save_fleet_csv(dir, nodes, (size_t)size);
	for (int got = 1; got < size; got++) {
		int flag = 0;
		MPI_Status st;
		while (MPI_Iprobe(MPI_ANY_SOURCE, TAG_STATUS, MPI_COMM_WORLD, &flag, &st) == MPI_SUCCESS && !flag)
			sleep_ms(20);
		int src = st.MPI_SOURCE;
		char status[STATUS_LEN];
		MPI_Recv(status, STATUS_LEN, MPI_CHAR, src, TAG_STATUS, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
		status[STATUS_LEN - 1] = '\0';
		int count = 0;
		MPI_Probe(src, TAG_FILES, MPI_COMM_WORLD, &st);
		MPI_Get_count(&st, MPI_BYTE, &count);
		char *data = xmalloc(count > 0 ? (size_t)count : 1);
		MPI_Recv(data, count, MPI_BYTE, src, TAG_FILES, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
		struct fleet_node *n = &nodes[src];
		char why[512] = "";
		char *final = path_join(dir, n->run);
		char *part = xasprintf("%s.part", final);
		/* Stored under .part and renamed: a node's directory is whole or absent. */
		int stored = count > 0 && fleet_unpack(data, (size_t)count, part, why, sizeof why) == 0 &&
			     rename(part, final) == 0;
		free(data);
		if (stored) {
			snprintf(n->status, sizeof n->status, "%s", status);
			read_cpu_model(final, n->cpu_model);
		} else if (count <= 0) {
			/* The rank's own status says why it sent nothing. */
			snprintf(n->status, sizeof n->status, "%s (no files arrived)", status);
		} else {
			snprintf(n->status, sizeof n->status, "its files could not be stored: %s",
				 *why ? why : strerror(errno));
			fleet_pack_remove(part);
		}
		failed |= strcmp(n->status, "ok") != 0;
		free(part);
		free(final);
		MPI_Send(&stored, 1, MPI_INT, src, TAG_STORED, MPI_COMM_WORLD);
		save_fleet_csv(dir, nodes, (size_t)size);
		fprintf(stderr, "roofline: node %s (rank %d): %s\n", n->name, src, n->status);
	}
	return failed;
}

/* Every rank but 0: sends its status and files, then removes them once rank 0 has stored them. */
static void send_node(const char *rundir, const char *parent, const char *status_in)
{
	char status[STATUS_LEN], why[120];
	snprintf(status, sizeof status, "%s", status_in);
	struct buf b = { 0 };
	if (fleet_pack_dir(rundir, &b, why, sizeof why) != 0) {
		/* A measure that did not run (interrupted before its turn) keeps its own reason. */
		if (strcmp(status, "ok") == 0)
			snprintf(status, sizeof status, "its files could not be read: %s", why);
		b.len = 0;
	} else if (b.len > (size_t)MAX_PACK_BYTES) {
		snprintf(status, sizeof status, "its files (%zu bytes) exceed what one message carries", b.len);
		b.len = 0;
	}
	MPI_Request rq;
	MPI_Isend(status, STATUS_LEN, MPI_CHAR, 0, TAG_STATUS, MPI_COMM_WORLD, &rq);
	wait_quietly(&rq);
	MPI_Isend(b.s ? b.s : "", (int)b.len, MPI_BYTE, 0, TAG_FILES, MPI_COMM_WORLD, &rq);
	wait_quietly(&rq);
	int stored = 0;
	MPI_Irecv(&stored, 1, MPI_INT, 0, TAG_STORED, MPI_COMM_WORLD, &rq);
	wait_quietly(&rq);
	free(b.s);
	struct stat st;
	if (stored) {
		fleet_pack_remove(rundir);
		if (parent)
			rmdir(parent);
	} else if (stat(rundir, &st) == 0) {
		util_warn("rank 0 could not store this node's run: it stays in %s", rundir);
	} else if (parent) {
		rmdir(parent);   /* nothing was measured into it */
	}
}

/*
 * Rank 0's list of the nodes, written to fleet.csv before anything is
 * measured: an interrupted fleet says who never reported.
 */
static struct fleet_node *list_nodes(const char *dir, const char *names, int size)
{
	struct fleet_node *nodes = xcalloc((size_t)size, sizeof *nodes);

	for (int r = 0; r < size; r++) {
		snprintf(nodes[r].name, sizeof nodes[r].name, "%s", names + (size_t)r * NAME_LEN);
		snprintf(nodes[r].run, sizeof nodes[r].run, "nodes/%s", nodes[r].name);
		snprintf(nodes[r].status, sizeof nodes[r].status, "measuring (no result arrived)");
	}
	save_fleet_csv(dir, nodes, (size_t)size);
	return nodes;
}

/*
 * Where this node's run goes: the fleet directory on rank 0, a directory of
 * its own elsewhere (*parent, a new temporary directory, or NULL). "" when no
 * temporary directory could be made.
 */
static char *node_rundir(int rank, const char *dir, const char *name, char **parent)
{
	*parent = NULL;
	if (rank == 0)
		return xasprintf("%s/nodes/%s", dir, name);
	const char *tmp = getenv("TMPDIR");
	char *tmpl = xasprintf("%s/roofline-fleet-XXXXXX", tmp && *tmp ? tmp : "/tmp");
	*parent = mkdtemp(tmpl) ? tmpl : NULL;
	if (!*parent)
		free(tmpl);
	return *parent ? path_join(*parent, name) : xstrdup("");
}

/* Waits for the turn from rank `peer` of `local` (give 0), or hands it to that rank (give 1). */
static void pass_turn(MPI_Comm local, int peer, int give)
{
	int token = give;
	MPI_Request rq;

	if (give)
		MPI_Isend(&token, 1, MPI_INT, peer, TAG_TURN, local, &rq);
	else
		MPI_Irecv(&token, 1, MPI_INT, peer, TAG_TURN, local, &rq);
	wait_quietly(&rq);
}

/* Measures this node into rundir, or says why it did not: its status in fleet.csv. */
static void measure_status(int argc, char **argv, const char *rundir, char *status, size_t len)
{
	if (forwarded)
		snprintf(status, len, "interrupted by signal %d (%s) before it measured", (int)forwarded,
			 strsignal(forwarded));
	else if (*rundir)
		measure_node(argc, argv, rundir, status, len);
	else
		snprintf(status, len, "no temporary directory on its node: %s", strerror(errno));
}

/*
 * Rank 0, at the end: the fleet directory on standard output. Returns
 * failed, or 1 when it could not be printed.
 */
static int print_fleet(const char *dir, int failed)
{
	printf("%s\n", dir);
	if (fflush(stdout) != 0)
		failed = 1;
	if (failed)
		fprintf(stderr, "roofline: a node did not measure cleanly: see %s/fleet.csv\n", dir);
	return failed;
}

int fleet_mpi_measure(const char *fleet_dir, int argc, char **argv)
{
	if (MPI_Init(NULL, NULL) != MPI_SUCCESS)
		die(EXIT_FAILED, "measure --mpi: MPI_Init failed");
	int rank = 0, size = 1;
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &size);
	char name[NAME_LEN];
	node_name(rank, name, sizeof name);
	char *names = xcalloc((size_t)size, NAME_LEN);
	MPI_Allgather(name, NAME_LEN, MPI_CHAR, names, NAME_LEN, MPI_CHAR, MPI_COMM_WORLD);
	MPI_Comm local;
	MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, rank, MPI_INFO_NULL, &local);
	int lrank = 0, lsize = 1, shared_max = 1;
	MPI_Comm_rank(local, &lrank);
	MPI_Comm_size(local, &lsize);
	MPI_Allreduce(&lsize, &shared_max, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);

	char why[512];
	check_ranks(size, names, shared_max, why, sizeof why);
	char *dir = NULL;
	if (!*why && rank == 0)
		dir = make_fleet_dir(fleet_dir, why, sizeof why);
	MPI_Bcast(why, sizeof why, MPI_CHAR, 0, MPI_COMM_WORLD);
	if (*why) {
		if (rank == 0)
			fprintf(stderr, "roofline: %s\n", why);
		free(dir);
		free(names);
		MPI_Comm_free(&local);
		MPI_Finalize();
		return EXIT_USAGE;
	}

	struct fleet_node *nodes = rank == 0 ? list_nodes(dir, names, size) : NULL;
	char *parent = NULL, *rundir = node_rundir(rank, dir, name, &parent);

	/* From here a signal ends this node's measure, never the rank: it still reports. */
	struct sigaction sa, old_int, old_term;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = forward_signal;
	sigaction(SIGINT, &sa, &old_int);
	sigaction(SIGTERM, &sa, &old_term);

	/* Ranks that share a machine (the test hook only) take turns, the waiting ones asleep. */
	if (lrank > 0)
		pass_turn(local, lrank - 1, 0);
	char status[STATUS_LEN];
	fprintf(stderr, "roofline: rank %d of %d measures node %s into %s\n", rank, size, name,
		*rundir ? rundir : "(nowhere)");
	measure_status(argc, argv, rundir, status, sizeof status);
	if (lrank + 1 < lsize)
		pass_turn(local, lrank + 1, 1);

	int failed = 0;
	if (rank == 0) {
		snprintf(nodes[0].status, sizeof nodes[0].status, "%s", status);
		fprintf(stderr, "roofline: node %s (rank 0): %s\n", name, status);
		failed = gather(dir, nodes, size);
	} else {
		send_node(rundir, parent, status);
	}
	sigaction(SIGINT, &old_int, NULL);
	sigaction(SIGTERM, &old_term, NULL);
	MPI_Bcast(&failed, 1, MPI_INT, 0, MPI_COMM_WORLD);
	if (rank == 0)
		failed = print_fleet(dir, failed);
	free(rundir);
	free(parent);
	free(nodes);
	free(dir);
	free(names);
	MPI_Comm_free(&local);
	MPI_Finalize();
	return failed ? EXIT_FAILED : 0;
}

#endif
