#!/bin/sh
# The binary finds its gnuplot templates from wherever it is run, with no
# ROOFLINE_TEMPLATES set: the build tree's build/<cc>/roofline (the first
# binary a newcomer finds), the source tree's bin/roofline, and an installed
# prefix (make install with DESTDIR); a copy with no templates near it fails
# with one line that names where they should be.
. "$(dirname "$0")/lib.sh"
: "${ROOFLINE_BUILD:?run these through make test (ROOFLINE_BUILD is not set)}"
unset ROOFLINE_TEMPLATES
FIXTURE=$ROOFLINE_SRC/tests/fixtures/gnuplot-run

# plot_with BIN DIR: plot the fitted run into DIR with BIN; its scripts come from the templates
plot_with() {
	"$1" plot run --out "$2" 2>"$2.err" || { cat "$2.err"; return 1; }
	for s in roofline bandwidth chains kernels; do test -s "$2/$s.gp" || return 1; done
}

test_expect_success 'set-up: a fitted run' '
	cp -R "$FIXTURE" run && "$ROOFLINE" fit run >/dev/null
'
test_expect_success 'the build tree binary (build/<cc>/roofline) finds the source tree templates' '
	test -x "$ROOFLINE_BUILD/roofline" && plot_with "$ROOFLINE_BUILD/roofline" build
'
test_expect_success 'a bin/roofline beside the source tree templates finds them' '
	mkdir -p tree/bin && cp "$ROOFLINE" tree/bin/roofline && cp -R "$ROOFLINE_SRC/templates" tree/ &&
	plot_with tree/bin/roofline bin
'
test_expect_success 'an installed prefix (make install DESTDIR=...) finds share/roofline/templates' '
	if [ -n "$ROOFLINE_SANITIZED" ]; then echo "sanitized build: no install here (t0710 too)"; exit 0; fi
	make -C "$ROOFLINE_SRC" --no-print-directory -o "$ROOFLINE_BUILD/.flags" -o "$ROOFLINE_BUILD/.kflags" \
		BUILD="$ROOFLINE_BUILD" \
		BINDIR="$(dirname "$ROOFLINE")" CC="${CC:-cc}" DESTDIR="$TRASH/dest" PREFIX=/opt/rl \
		install >install.out 2>&1 || { cat install.out; exit 1; }
	test -f dest/opt/rl/share/roofline/templates/roofline.gp.in &&
	plot_with dest/opt/rl/bin/roofline installed
'
test_expect_success 'a copy with no templates near it fails in one line naming share/roofline/templates' '
	mkdir -p lone/bin && cp "$ROOFLINE" lone/bin/roofline &&
	! lone/bin/roofline plot run --out lone/p 2>err && cat err &&
	grep "^roofline: .*lone/bin/../share/roofline/templates/roofline.gp.in" err
'
test_done
