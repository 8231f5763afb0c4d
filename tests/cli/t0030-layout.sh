#!/bin/sh
# t0030-layout.sh - src/ keeps the dependency rule of README's "Layout"
# (scripts/layout-check.sh, with the known breaks of scripts/layout.allow),
# and the checker finds what it must, each in a copy of the tree: an include
# across the rule, a library outside its folder, a cycle in the rule, a file
# outside every folder, a folder with no row, two headers of one name, an
# include of no header, an allow-list entry that excuses nothing.
. "$(dirname "$0")/lib.sh"
check="sh $ROOFLINE_SRC/scripts/layout-check.sh"

# tree: a copy of what the checker reads, in ./tree
tree() {
	rm -rf tree && mkdir -p tree/scripts &&
	cp -r "$ROOFLINE_SRC/src" "$ROOFLINE_SRC/kernels" "$ROOFLINE_SRC/README.md" tree/ &&
	cp "$ROOFLINE_SRC/scripts/layout.allow" tree/scripts/
}
# plant FILE LINE: LINE added after the first line of tree/FILE
plant() {
	sed "1a\\
$2" "tree/$1" >planted && mv planted "tree/$1"
}

test_expect_success 'src/ keeps the rule (known breaks aside)' '
	$check "$ROOFLINE_SRC" >out; rc=$?; cat out; test $rc -eq 0 && ! test -s out
'
test_expect_success 'the copy keeps it too' '
	tree && $check tree >out && ! test -s out
'
test_expect_success 'model including an emit header fails, naming file, line and include' '
	tree && plant src/model/model.c "#include \"plot_cairo.h\"" &&
	! $check tree >out && cat out &&
	grep -x "layout: src/model/model.c:2: includes \"plot_cairo.h\": src/model/ may not include src/emit/" out &&
	test $(wc -l <out) -eq 1
'
test_expect_success 'util including anything of src/ fails; its own folder does not' '
	tree && plant src/util/stats.c "#include \"rundata.h\"" &&
	plant src/util/util.c "#include \"stats.h\"" &&
	! $check tree >out && cat out &&
	grep -x "layout: src/util/stats.c:2: includes \"rundata.h\": src/util/ may not include src/input/" out &&
	test $(wc -l <out) -eq 1
'
test_expect_success 'cairo outside emit fails' '
	tree && plant src/layout/labels.c "#include <cairo.h>" &&
	! $check tree >out && cat out &&
	grep -x "layout: src/layout/labels.c:2: includes <cairo.h>: the library cairo is not one src/layout/ may use" out
'
test_expect_success 'a cycle in the rule fails' '
	tree && sed "s/^| \`src\/util\/\` | |/| \`src\/util\/\` | \`cli\` |/" "$ROOFLINE_SRC/README.md" >tree/README.md &&
	! cmp -s tree/README.md "$ROOFLINE_SRC/README.md" &&
	! $check tree >out && cat out && grep "^layout: the rule has a cycle: " out
'
test_expect_success 'a README without the rule fails' '
	tree && sed "s/| folder | may include |/| folder | may use |/" "$ROOFLINE_SRC/README.md" >tree/README.md &&
	! $check tree >out && grep "^layout: README.md has no rule" out
'
test_expect_success 'a file outside every folder, and a folder with no row, fail' '
	tree && echo "int x;" >tree/src/loose.c && mkdir tree/src/extra && echo "int y;" >tree/src/extra/y.c &&
	! $check tree >out && cat out &&
	grep -x "layout: src/loose.c is in no folder of src/ (README.md, Layout)" out &&
	grep -x "layout: src/extra/ has no row in the rule (README.md, Layout)" out
'
test_expect_success 'two headers of one name fail' '
	tree && cp tree/src/util/stats.h tree/src/model/stats.h &&
	! $check tree >out && cat out &&
	grep -x "layout: two headers named stats.h: src/model/ src/util/" out ||
	grep -x "layout: two headers named stats.h: src/util/ src/model/" out
'
test_expect_success 'an include of no header fails' '
	tree && plant src/emit/report.c "#include \"nosuch.h\"" &&
	! $check tree >out && cat out &&
	grep -x "layout: src/emit/report.c:2: includes \"nosuch.h\", which is no header of src/ or kernels/" out
'
test_expect_success 'a known break is excused; an entry that excuses nothing fails' '
	tree && plant src/model/model.c "#include \"plot_cairo.h\"" &&
	echo "src/model/model.c plot_cairo.h  # planted" >>tree/scripts/layout.allow &&
	$check tree >out && ! test -s out &&
	echo "src/model/levels.c gnuplot.h  # stale" >>tree/scripts/layout.allow &&
	! $check tree >out && cat out &&
	grep -x "layout: $PWD/tree/scripts/layout.allow: \"src/model/levels.c gnuplot.h\" excuses nothing (remove it)" out
'
test_done
