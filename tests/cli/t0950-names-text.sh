#!/bin/sh
# t0950-names-text.sh - past src/input/ a kernel, its family, a level, an
# ISA and a roof are typed values, never names compared as text
# (scripts/names-check.sh, with the known text of scripts/names.allow), and
# the checker finds what it must, each planted in an empty tree: a family compared
# by name in layout, a kernel by name in the model and by `->k->name` in
# measure, a level found by strstr in emit, an ISA by its literal name, a
# fleet's roofs by name, an access pattern's text in the plan, a kernel
# looked up by name (registry_find) in emit, a level's, an ISA's and an
# access pattern's name parsed in layout, emit and the simulation;
# not the same in src/input/, in a comment, in a name's
# one parser in src/core/, nor a file's key or a format's name. An allow
# entry excuses its comparison; one that excuses nothing fails. A peak
# kernel the build lacks keeps the ISA its name names (typed at input), and a
# machine file's efficiency line naming no kernel is bad input (exit 2).
. "$(dirname "$0")/lib.sh"
check="sh $ROOFLINE_SRC/scripts/names-check.sh"

# tree: an empty src/ in ./tree, checked with no allow-list (NAMES_ALLOW),
# so that only what is planted there is seen: cheaper than a copy of src/
tree() {
	rm -rf tree && mkdir -p tree/src
}
export NAMES_ALLOW=/dev/null
# plant FILE LINE: LINE added at the end of tree/FILE
plant() {
	mkdir -p "tree/${1%/*}" && printf '%s\n' "$2" >>"tree/$1"
}

test_expect_success 'src/ compares no kernel, family, level, ISA or roof by name past input' '
	NAMES_ALLOW=$ROOFLINE_SRC/scripts/names.allow $check "$ROOFLINE_SRC" >out; rc=$?; cat out; test $rc -eq 0 && ! test -s out
'
test_expect_success 'each kind compared as text fails, naming file, line and kind' '
	tree && n=1 &&
	plant src/layout/figure_points.c "static int a(const struct figure_family *f, const struct point *p) { return strcmp(f->family, p->family) == 0; }" &&
	plant src/model/diagnosis.c "static int b(const struct point *p, const struct point *q) { return !strcmp(p->kernel, q->kernel); }" &&
	plant src/measure/rounds.c "static int c(const struct plan_job *j, const char *s) { return strcmp(s, j->k->name) == 0; }" &&
	plant src/emit/report_summary.c "static int d(const char *said, const struct point *p) { return strstr(said, p->level) != NULL; }" &&
	plant src/emit/pointtext.c "static int e(const char *s) { return strcasecmp(s, \"avx512\") == 0; }" &&
	plant src/fleet/fleet.c "static int g(const struct fleet *f, const char *s) { return strcmp(f->roofs[0].name, s) == 0; }" &&
	plant src/measure/plan.c "static int g2(const char *pat, const char *pattern) { return strcmp(pat, pattern) == 0; }" &&
	! $check tree >out && cat out &&
	grep "^names: src/layout/figure_points.c:$n: compares a family name as text (strcmp(f->family, p->family))" out &&
	grep "^names: src/model/diagnosis.c:[0-9]*: compares a kernel name as text (strcmp(p->kernel, q->kernel))" out &&
	grep "^names: src/measure/rounds.c:[0-9]*: compares a kernel name as text" out &&
	grep "^names: src/emit/report_summary.c:[0-9]*: compares a level name as text (strstr(said, p->level))" out &&
	grep "^names: src/emit/pointtext.c:[0-9]*: compares an ISA name as text" out &&
	grep "^names: src/fleet/fleet.c:[0-9]*: compares a roof name as text" out &&
	grep "^names: src/measure/plan.c:[0-9]*: compares a roof name as text (strcmp(pat, pattern))" out &&
	test $(wc -l <out) -eq 7
'
test_expect_success 'a kernel looked up or a name parsed past input fails; at input and in core it belongs' '
	tree && plant src/emit/report_stops.c "static int o(const char *s) { return registry_find(s) != NULL; }" &&
	plant src/input/rundata.c "static int q(const char *s) { return registry_find(s) != NULL; }" &&
	plant src/layout/figure_frame.c "static int r(const char *s) { return levels_parse(s) == MEM_DRAM; }" &&
	plant src/emit/report.c "static int t(const char *s) { return cpu_isa_parse(s) == ISA_AVX2; }" &&
	plant src/core/levels_rule.c "static int u(const char *s) { return levels_parse(s) == MEM_L1; }" &&
	plant src/measure/sim.c "static int v(const char *s, struct access_pattern *p) { return access_pattern_parse(s, p); }" &&
	! $check tree >out && cat out &&
	grep "^names: src/emit/report_stops.c:[0-9]*: looks a kernel up by name past input (registry_find(s))" out &&
	grep "^names: src/layout/figure_frame.c:[0-9]*: parses a name past input (levels_parse(s))" out &&
	grep "^names: src/emit/report.c:[0-9]*: parses a name past input (cpu_isa_parse(s))" out &&
	grep "^names: src/measure/sim.c:[0-9]*: parses a name past input (access_pattern_parse(s, p))" out &&
	test $(wc -l <out) -eq 4
'
test_expect_success 'input, a comment, the parsers in core, a file key or a format are no such comparison' '
	tree &&
	plant src/input/rundata.c "static int h(const char *kernel, const char *level) { return strcmp(kernel, level); }" &&
	plant src/model/fit.c " * strcmp(p->kernel, q->kernel) and strcmp(family, \"dot\") in a comment" &&
	plant src/core/isa.c "static int i(const char *isa) { return strcmp(isa, \"avx2\"); }" &&
	plant src/model/machine_file.c "static int j(const char *k) { return strcmp(k, \"isas\") == 0; }" &&
	plant src/emit/plot_write.c "static int l(const char *format) { return strcmp(format, \"png\"); }" &&
	$check tree >out && ! test -s out
'
test_expect_success 'an allow entry excuses its comparison; one that excuses nothing fails' '
	tree && plant src/model/fit.c "static int m(const char *kernel) { return strcmp(kernel, \"triad\"); }" &&
	echo "src/model/fit.c: kernel, \"triad\"  # planted" >"$PWD/allow" &&
	NAMES_ALLOW=$PWD/allow $check tree >out && ! test -s out &&
	echo "src/model/fit.c: kernel, \"dot\"  # stale" >>"$PWD/allow" &&
	! NAMES_ALLOW=$PWD/allow $check tree >out && cat out &&
	grep -xF "names: $PWD/allow: \"src/model/fit.c: kernel, \"dot\"\" excuses nothing (remove it)" out &&
	test $(wc -l <out) -eq 1
'
test_expect_success 'a peak kernel this build lacks takes the ISA its name names, typed at input' '
	cp -r "$ROOFLINE_SRC/data/example/run" r && sed "s/,fma_avx2,/,fmaz_avx2,/" "$ROOFLINE_SRC/data/example/run/timings.csv" >r/timings.csv &&
	"$ROOFLINE" fit r >out 2>&1 && grep "^fmaz_avx2,avx2,1," r/chains.csv && grep "^avx2,ceiling," r/roofs.csv
'
test_expect_success 'a machine file whose efficiency line names no kernel is bad input' '
	sed "s/^efficiency triad /efficiency nosuch /" "$ROOFLINE_SRC/data/machines/zen3-epyc-vm.machine" >bad.machine &&
	! cmp -s bad.machine "$ROOFLINE_SRC/data/machines/zen3-epyc-vm.machine" &&
	expect_usage_error measure --simulate bad.machine --out run &&
	grep "^roofline: measure --simulate: bad.machine:[0-9]*: efficiency names no kernel of this build, not .nosuch.$" "$TRASH/.stderr" &&
	! test -e run
'
test_done
