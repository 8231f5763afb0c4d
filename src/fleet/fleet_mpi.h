/*
 * fleet_mpi.h - measure --mpi: one Open MPI rank per node, each measuring its
 * own node with the usual plan, rank 0 gathering every node's run directory
 * over MPI (nodes share no disk) into one fleet directory (fleet_dir.h).
 *
 * Built only where mpicc was found (the Makefile defines ROOFLINE_HAVE_MPI
 * for this file alone and links Open MPI); elsewhere fleet_mpi_available()
 * is 0 and measure --mpi says so.
 *
 * Each rank runs `roofline measure` without --mpi as a child process, into a
 * run directory of its own (rank 0: the fleet's nodes/<node>/; the others: a
 * temporary directory on their node, removed once rank 0 has stored it), so a
 * kernel that crashes or a signal ends that node's measure, not the rank: the
 * rank still reports, and its node is named in fleet.csv with what happened.
 * SIGINT and SIGTERM reaching a rank are passed to its measure, which stops
 * after the job in hand and keeps its timings; the rank then sends them.
 *
 * Ranks sharing a node (MPI_Comm_split_type, shared memory) are refused:
 * they would measure one machine twice, at once. Test hook: with
 * ROOFLINE_NODE_NAME set (a "%d" in it becomes the rank), that is each
 * rank's node name, and ranks that share a machine are allowed and measure
 * one after another (the waiting ones sleep), so `mpirun -np 2` on one
 * machine makes a fleet of two nodes.
 */
#ifndef ROOFLINE_FLEET_MPI_H
#define ROOFLINE_FLEET_MPI_H

/* 1 when this build has MPI (measure --mpi works), 0 otherwise. */
int fleet_mpi_available(void);

/*
 * Runs measure --mpi: argv is measure's own (argv[0] "measure"), passed to
 * each rank's measure without --mpi and --out. fleet_dir: where rank 0 makes
 * the fleet directory (must not exist); NULL for data/fleets/<UTC stamp>.
 * Rank 0 prints the fleet directory as the last line of standard output.
 * Returns 0 when every node measured cleanly, EXIT_FAILED when one failed,
 * EXIT_USAGE when the ranks share a node or the directory cannot be made.
 */
int fleet_mpi_measure(const char *fleet_dir, int argc, char **argv);

#endif
