#!/bin/sh
# t0760-names-typed.sh - names become types at input (scripts/names-check.sh):
# src/ parses no roof name outside src/input/ and roofkey.c and compares no
# timing group by name outside src/input/, and the checker finds what it
# must, each in a copy of src/: a roofkey_parse in the model and in layout, a
# strcmp of a group field, a strcmp against "kernels" inside a longer
# condition; not the same in src/input/, not a comment, not roofkey.c (a
# kernel's name compared is t0950's, not a group's). And
# input reads every group name: one that is none of the three, in
# failures.csv as in timings.csv, is bad input (exit 2, one line).
. "$(dirname "$0")/lib.sh"
check="sh $ROOFLINE_SRC/scripts/names-check.sh"

# tree: a copy of src/ in ./tree
tree() {
	rm -rf tree && mkdir -p tree/scripts && cp -r "$ROOFLINE_SRC/src" tree/ && cp "$ROOFLINE_SRC/scripts/names.allow" tree/scripts/
}
# plant FILE LINE: LINE added at the end of tree/FILE
plant() {
	printf '%s\n' "$2" >>"tree/$1"
}

test_expect_success 'src/ parses names only at input' '
	$check "$ROOFLINE_SRC" >out; rc=$?; cat out; test $rc -eq 0 && ! test -s out
'
test_expect_success 'a roofkey_parse in the model or in layout fails, naming file and line' '
	tree && n=$(($(wc -l <tree/src/model/diagnosis.c) + 1)) &&
	plant src/model/diagnosis.c "static int f(const char *s, struct roof_key *k) { return roofkey_parse(s, ROOF_PATTERN, k); }" &&
	plant src/layout/figure_frame.c "static int g(struct roof_key *k) { return roofkey_parse_any(\"DRAM\", k); }" &&
	! $check tree >out && cat out &&
	grep "^names: src/model/diagnosis.c:$n: calls roofkey_parse outside" out &&
	grep "^names: src/layout/figure_frame.c:[0-9]*: calls roofkey_parse_any outside" out &&
	test $(wc -l <out) -eq 2
'
test_expect_success 'a strcmp of a group field or against a group name fails' '
	tree &&
	plant src/measure/rounds.c "static int h(const struct plan_job *j) { return strcmp(j->group, \"x\") == 0; }" &&
	plant src/model/analysis_jobs.c "static int i(const char *g, int n) { return n > 1 && strcmp(g, \"kernels\") != 0; }" &&
	plant src/emit/report.c "static int j(const char *g) { return !strncmp(tgroup_name(TGROUP_PEAK), \"peak\", 4); }" &&
	! $check tree >out && cat out &&
	grep "^names: src/measure/rounds.c:[0-9]*: compares a timing group by name" out &&
	grep "^names: src/model/analysis_jobs.c:[0-9]*: compares a timing group by name" out &&
	grep "^names: src/emit/report.c:[0-9]*: compares a timing group by name" out &&
	test $(wc -l <out) -eq 3
'
test_expect_success 'input may parse; a comment and roofkey.c are no calls; a kernel name is no group' '
	tree &&
	plant src/input/rundata.c "static int k(const char *s) { struct roof_key r; return strcmp(s, \"peak\") || roofkey_parse(s, ROOF_COMPUTE, &r); }" &&
	plant src/model/levels.c " * roofkey_parse(name) and strcmp(group, \"peak\") in a comment" &&
	plant src/core/roofkey.c "static int l(const char *s) { return strcmp(s, \"peak\"); }" &&
	$check tree >out && ! test -s out &&
	plant src/model/fit.c "static int m(const char *kernel) { return strcmp(kernel, \"triad\"); }" &&
	! $check tree >out && cat out && ! grep "timing group" out &&
	grep "^names: src/model/fit.c:[0-9]*: compares a kernel name as text" out && test $(wc -l <out) -eq 1
'
test_expect_success 'a group input does not know is bad input, in failures.csv and in timings.csv' '
	cp -r "$ROOFLINE_SRC/data/example/run" f && echo "bogus,dot,0,1,2,wrong" >>f/failures.csv &&
	expect_usage_error fit f && grep -x "roofline: f/failures.csv:2:1: group .bogus. is not bandwidth, peak or kernels" "$TRASH/.stderr" &&
	cp -r "$ROOFLINE_SRC/data/example/run" t && sed "2s/^\([^,]*,[^,]*,[^,]*\),[a-z]*,/\1,Peak,/" "$ROOFLINE_SRC/data/example/run/timings.csv" >t/timings.csv &&
	expect_usage_error fit t && grep "^roofline: t/timings.csv:2:[0-9]*: group .Peak. is not bandwidth, peak or kernels" "$TRASH/.stderr"
'
test_done
