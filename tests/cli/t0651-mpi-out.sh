#!/bin/sh
# t0651-mpi-out.sh - measure --mpi --out: a trailing slash names the same
# directory (made, then measured into), and a fleet is never made inside a
# run directory or another fleet. One rank, as short as measure allows;
# skipped, with the reason, without Open MPI.
. "$(dirname "$0")/lib.sh"

if ! command -v mpirun >/dev/null 2>&1; then
	echo "1..0 # SKIP Open MPI's mpirun is not installed (scripts/deps.sh build installs openmpi-bin as root)"
	rm -rf "$TRASH"
	exit 0
fi
# A build without MPI says so at once, before any other option is judged.
if "$ROOFLINE" measure --mpi --threads 0 2>&1 | grep -q "this build has no MPI"; then
	echo "1..0 # SKIP this build has no MPI (mpicc was not found when it was built)"
	rm -rf "$TRASH"
	exit 0
fi

# As short as the options allow: the two ranks run one after another.
TINY="--quick --only peak --passes 1 --trials 1 --warmup 0 --min-time 1e-4"
MPIRUN="mpirun --oversubscribe --allow-run-as-root"
# Open MPI's shared-memory transport copies large messages (a node's files)
# with cross-memory attach, which a container without ptrace rights refuses
# ("Read -1, expected ..., errno = 1"): plain copies instead, here and in CI.
OMPI_MCA_btl_vader_single_copy_mechanism=none
export OMPI_MCA_btl_vader_single_copy_mechanism
# A container where Open MPI cannot start even one process is no failure of ours.
if ! $MPIRUN -np 1 true >"$TRASH/.mpi" 2>&1; then
	echo "1..0 # SKIP mpirun cannot start a process here: $(grep -m 1 . "$TRASH/.mpi")"
	rm -rf "$TRASH"
	exit 0
fi
SCRIPTED="sh $ROOFLINE_SRC/tests/cli/scripted-run.sh"

test_expect_success 'measure --mpi --out FLEET/ makes FLEET and its node' '
	ROOFLINE_NODE_NAME=rank%d $MPIRUN -np 1 "$ROOFLINE" measure --mpi $TINY --out fleet// >out 2>err &&
	test -s fleet/fleet.csv && test -s fleet/nodes/rank0/timings.csv
'

# Refused by rank 0 before anything runs: one process, as MPI's singleton (no mpirun's start-up).
test_expect_success 'measure --mpi --out inside a run or a fleet is refused in one line, nothing made' '
	$SCRIPTED run &&
	ROOFLINE_NODE_NAME=rank%d "$ROOFLINE" measure --mpi $TINY --out run/fleet >out 2>err; rc=$?
	test "$rc" -eq 2 && test "$(grep -c "^roofline: " err)" = 1 &&
	grep -q "^roofline: --out run/fleet is inside the run directory .*/run: a fleet is never made inside an existing run or fleet$" err &&
	ROOFLINE_NODE_NAME=rank%d "$ROOFLINE" measure --mpi $TINY --out fleet/again >out 2>err; rc=$?
	test "$rc" -eq 2 && grep -q "is inside the fleet .*/fleet:" err &&
	! test -e run/fleet && ! test -e fleet/again
'

test_done
