#!/bin/sh
# t0800-report-html.sh - report.html: written beside report.md (report
# --format md,html picks), one self-contained file (no network, a policy
# that forbids it, no script or style but its own), every point's data as
# points.csv has it, the figure and tables there without script; then in a
# real browser (headless chromium, optional: the test skips without it), in
# two launches on the example run with nasty names planted in it: one
# point element per points.csv row of the shown thread count, the switch
# (#threads=N) changing which, a point's tooltip (#point=ROW) holding its
# fraction as points.csv writes it, no script of a name run (no element a
# payload would add), and a screenshot at 1280x800 whose plot area is drawn.
. "$(dirname "$0")/lib.sh"
PNG_INK=${ROOFLINE_BUILD:?}/tests/png_ink

# Names that would run or add an element if they reached the page as markup.
P_SCRIPT="<script>document.title='pwned'</script>"
P_IMG="<img src=x onerror=this.id='pwned'>"
P_TAG="tr<b id=pwned>iad"
P_VERSION="<b id=pwned>v2"

# ex: the example run, fitted, its kernels dot, daxpy and triad renamed to the payloads; out: its report
test_expect_success 'setup: the example run with nasty names, fitted and reported' '
	cp -r "$ROOFLINE_SRC/data/example/run" ex &&
	sed -i "s|,kernels,dot,|,kernels,$P_SCRIPT,|; s|,kernels,daxpy,|,kernels,$P_IMG,|; s|,kernels,triad,|,kernels,$P_TAG,|" ex/timings.csv &&
	sed -i "s|^cpu_model,.*|cpu_model,\"CPU $P_IMG\"|" ex/env.csv &&
	sed "s|^transpose_add,naive,|\"$P_SCRIPT\",\"$P_VERSION\",|" "$ROOFLINE_SRC/data/example/points.csv" >pts.csv &&
	"$ROOFLINE" fit ex >/dev/null && grep -qF "$P_IMG" ex/points.csv &&
	"$ROOFLINE" report ex --out out --points pts.csv 2>err && test -s out/report.md && test -s out/report.html &&
	grep -qx "roofline: wrote out/report.html" err
'

test_expect_success 'report --format: md or html alone, a bad list refused in one line' '
	"$ROOFLINE" report ex --out md --format md 2>/dev/null && test -s md/report.md && test ! -e md/report.html &&
	"$ROOFLINE" report ex --out html --format html 2>/dev/null && test -s html/report.html && test ! -e html/report.md &&
	expect_usage_error report ex --out bad --format pdf && expect_usage_error report ex --out bad --format , &&
	test ! -e bad/report.md
'

test_expect_success 'one file: no network, a policy first in the head, its own script and style only, under 1 MB' '
	f=out/report.html &&
	test "$(wc -c <$f)" -lt 1000000 &&
	sed -n 5p $f | grep -q "^<meta http-equiv=\"Content-Security-Policy\" content=\"default-src '"'"'none'"'"'; script-src '"'"'sha256-" &&
	grep -o "<[^>]*>" $f | sed "s/=\"[^\"]*\"/=\"\"/g" >tags &&
	! grep -Ei " (src|href|xlink:href|action|formaction|style|on[a-z]+)=" tags &&
	! grep -o "url([^)]*)" $f | grep -v "^url(#" && ! grep -q "@import" $f &&
	test "$(grep -c "<script" tags)" -eq 1 && test "$(grep -c "<style" tags)" -eq 1 &&
	grep -qF "&lt;script&gt;document.title=&#39;pwned&#39;&lt;/script&gt;" $f
'

test_expect_success 'every point an element with its row of points.csv: the fraction to the digit' '
	awk -F, "NR > 1 { print NR - 2, \$8 }" ex/points.csv | sort >want &&
	grep -o "<g class=\"pt\"[^>]*>" out/report.html |
		sed -n "s/.* data-row=\"\([0-9]*\)\".* data-fraction=\"\([^\"]*\)\".*/\1 \2/p" | sort >got &&
	test -s got && diff want got
'

test_expect_success 'without script: every scene and the tables are in the file, none hidden' '
	test "$(grep -c "<figure class=\"scene\" data-threads=\"[12]\">$" out/report.html)" -eq 2 &&
	grep -q "<section id=\"roofs\">" out/report.html && grep -q "<table id=\"kernel-table\"" out/report.html &&
	grep -q "<section id=\"notes\">" out/report.html && grep -q "<section id=\"your-code\">" out/report.html &&
	! grep -q "<figure[^>]* hidden" out/report.html && grep -q "<title>.*fraction 0\." out/report.html
'

browser=$(command -v chromium || command -v chromium-headless-shell)
if [ -z "$browser" ]; then
	test_count=$((test_count + 1))
	echo "ok $test_count # skip no chromium (scripts/deps.sh plots installs it): report.html not opened in a browser"
	test_done
fi

# browse ARGS...: headless chromium on out/report.html, under nice, its own profile, 60 s at most
browse() {
	timeout 60 nice -n 19 "$browser" --headless --disable-gpu --no-sandbox --no-first-run --hide-scrollbars \
		--user-data-dir="$TRASH/profile" "$@" 2>>"$TRASH/browser.err"
}
page="file://$TRASH/out/report.html"

# shown DOM: the point rows of the scene the script left shown, one a line
shown() {
	awk "/<figure class=\"scene\"/ { on = \$0 !~ /hidden/ } on && /<g class=\"pt\"/" "$1" |
		sed -n "s/.* data-row=\"\([0-9]*\)\".*/\1/p"
}
# rows N: the rows of points.csv of N threads
rows() {
	awk -F, -v n="$1" "NR > 1 && \$3 == n { print NR - 2 }" ex/points.csv
}

test_expect_success 'in the browser: one core shown, one element per points.csv row of it; no name ran' '
	browse --dump-dom --screenshot="$TRASH/shot.png" --window-size=1280,800 "$page" >one.dom &&
	grep -q "data-shown=\"1\"" one.dom &&
	shown one.dom | sort >got && rows 1 | sort >want && test -s want && diff want got &&
	! grep -q "id=\"pwned\"\|<img\|<title>pwned" one.dom && test "$(grep -c "<script" one.dom)" -eq 1
'

test_expect_success 'the switch shows all cores, and a point focused there tips its fraction as points.csv has it' '
	row=$(rows 2 | sed -n 3p) && frac=$(awk -F, -v r="$row" "NR == r + 2 { print \$8 }" ex/points.csv) &&
	browse --dump-dom "$page#threads=2&point=$row" >all.dom && grep -q "data-shown=\"2\"" all.dom &&
	shown all.dom | sort >got && rows 2 | sort >want && diff want got &&
	sed -n "/<div id=\"tip\"/,/<\/div><\/div>/p" all.dom >tip && ! grep -q "id=\"tip\"[^>]* hidden" tip &&
	grep -qF "fraction $frac (" tip
'

test_expect_success 'its screenshot at 1280x800: the plot area is drawn, in colour' '
	"$PNG_INK" shot.png 150 300 1200 780 >ink && read w h inked coloured <ink &&
	test "$w" -eq 1280 && test "$h" -eq 800 &&
	test "$inked" -gt 20000 && test "$coloured" -gt 2000
'
test_done
