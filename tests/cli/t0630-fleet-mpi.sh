#!/bin/sh
# measure --mpi under Open MPI on this one machine: two ranks given distinct
# node names by the test hook (ROOFLINE_NODE_NAME=rank%d), so they share the
# machine and measure one after another (timings under oversubscription
# mean nothing, and nothing here judges them); then fit, report and plot of
# the fleet directory. A rank whose kernel check fails is named and the other
# node's data kept. Skipped, with the reason, without Open MPI.
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
TINY="--quick --only bandwidth,peak --max-size 128k --passes 1 --trials 2 --warmup 0 --min-time 1e-4"
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

test_expect_success 'without the hook, two ranks on one machine are refused in one line' '
	$MPIRUN -np 2 "$ROOFLINE" measure --mpi $TINY --out refused >out 2>err; rc=$?
	test "$rc" -ne 0 &&
	test "$(grep -c "^roofline: " err)" = 1 &&
	grep -q "^roofline: measure --mpi: 2 ranks share one machine" err &&
	! test -e refused
'

test_expect_success 'two ranks: a fleet directory with both nodes, each an ordinary run' '
	ROOFLINE_NODE_NAME=rank%d $MPIRUN -np 2 "$ROOFLINE" measure --mpi $TINY --out fleet >out 2>err &&
	test "$(tail -n 1 out)" = fleet &&
	printf "node,run,cpu_model,status\n" >want &&
	for r in rank0 rank1; do
		printf "%s,nodes/%s,%s,ok\n" $r $r "$(awk -F, "\$1 == \"cpu_model\" { print \$2 }" fleet/nodes/$r/env.csv)" >>want ||
		return 1
	done &&
	cmp want fleet/fleet.csv &&
	(cd fleet/nodes/rank0 && find . -type f | sort) >files0 &&
	(cd fleet/nodes/rank1 && find . -type f | sort) >files1 &&
	cmp files0 files1 &&
	grep -q "^./timings.csv$" files0 && grep -q "^./env.csv$" files0 && grep -q "^./failures.csv$" files0 &&
	grep -q "^./remarks/" files0 &&
	test "$(wc -l <fleet/nodes/rank1/timings.csv)" -gt 100 &&
	! ls -d fleet/nodes/*.part 2>/dev/null
'

test_expect_success 'fit, report and plot of the two-rank fleet; a node is a run directory' '
	"$ROOFLINE" fit fleet >fit.out &&
	# What the fit finds in timings this short depends on the load, so each
	# file is held to the nodes own roofs.csv, not to a list of roofs:
	# every node has all its roofs in fleet-nodes.csv, and each roof of
	# fleet-roofs.csv counts the nodes that have it.
	for r in rank0 rank1; do
		test -s fleet/nodes/$r/roofs.csv &&
		awk -F, "NR > 1 { print \$1 }" fleet/nodes/$r/roofs.csv | sort >own.$r &&
		awk -F, -v n=$r "\$1 == n { print \$2 }" fleet/fleet-nodes.csv | sort >listed.$r &&
		cmp own.$r listed.$r || return 1
	done &&
	sort own.rank0 own.rank1 | uniq -c | awk "{ print \$2 \",\" \$1 }" | sort >want.counts &&
	awk -F, "NR > 1 { print \$1 \",\" \$6 }" fleet/fleet-roofs.csv | sort >got.counts &&
	cmp want.counts got.counts &&
	"$ROOFLINE" report fleet --out plots 2>err &&
	grep -q "^| rank0 | " plots/report.md && grep -q "^| rank1 | " plots/report.md &&
	"$ROOFLINE" plot fleet --out plots 2>err &&
	file plots/roofline.png | grep -q "PNG image data" &&
	file plots/roofline-allcores.png | grep -q "PNG image data" &&
	"$ROOFLINE" report fleet/nodes/rank1 --out node1 2>err && test -s node1/report.md
'

test_expect_success 'a rank whose kernel check fails is named; the other node is kept' '
	ROOFLINE_NODE_NAME=n%d $MPIRUN -np 1 "$ROOFLINE" measure --mpi $TINY --only peak --threads 1 --out part : \
		-np 1 env ROOFLINE_TEST_CORRUPT=fma_scalar "$ROOFLINE" measure --mpi $TINY --only peak --threads 1 --out part \
		>out 2>err; rc=$?
	test "$rc" -ne 0 &&
	grep -q "^n0,nodes/n0,.*,ok$" part/fleet.csv &&
	grep -q "^n1,nodes/n1,.*,a kernel failed its check (see its failures.csv)$" part/fleet.csv &&
	grep -q "^peak,fma_scalar,1," part/nodes/n1/failures.csv &&
	"$ROOFLINE" report part --out partplots 2>err &&
	grep -q "^- node n1: a kernel failed its check" partplots/report.md &&
	grep -q "^| n0 | " partplots/report.md
'

# A signal: rank 1 runs under a CPU-time limit of 1 s, which its measure
# (timings of 0.5 s each, at least five of them: a job stops once its figure is known,
# so trials alone no longer make it long) passes, so the kernel kills it (SIGKILL where the hard limit
# is the soft one, as sh's ulimit sets them); the rank survives it.
test_expect_success 'a rank whose measure is killed by a signal is named; the other node is kept' '
	ROOFLINE_NODE_NAME=k%d $MPIRUN -np 1 "$ROOFLINE" measure --mpi $TINY --only peak --threads 1 --out killed : \
		-np 1 sh -c "ulimit -t 1; exec \"\$0\" \"\$@\"" "$ROOFLINE" measure --mpi $TINY --only peak --threads 1 \
		--min-time 0.5 --trials 400 --out killed >out 2>err; rc=$?
	test "$rc" -ne 0 &&
	grep -q "^k0,nodes/k0,.*,ok$" killed/fleet.csv &&
	grep -q "^k1,nodes/k1,.*,its measure was killed by signal [0-9]* ([A-Za-z ]*); the timings it took are kept$" killed/fleet.csv &&
	test -s killed/nodes/k1/timings.csv &&
	"$ROOFLINE" report killed --out killedplots 2>err &&
	grep -q "^- node k1: its measure was killed by signal" killedplots/report.md
'

test_done
