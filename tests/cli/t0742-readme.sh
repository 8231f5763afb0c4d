#!/bin/sh
# README.md is user documentation a person reads: at most 300 lines, no
# sentence over 40 words (headings, list items and paragraphs are units; code,
# tables, images and HTML comments are left out; a sentence ends at . ! or ?
# before a space), the two commands exactly as the contract shows them, and
# every docs/ file it links to present (but on a line marked as pending
# work). The checker is tried on a sentence of 41 words too, so that it can
# fail.
. "$(dirname "$0")/lib.sh"
README=$ROOFLINE_SRC/README.md

# longest FILE: the word count of FILE's longest sentence, a tab, the sentence
longest() {
	awk '
	function flush(   n, i, j, w, parts, words) {
		if (unit == "") return
		gsub(/<!--[^>]*-->/, "", unit)
		gsub(/[.!?]\**[ ]/, "&\n", unit)
		n = split(unit, parts, "\n")
		for (i = 1; i <= n; i++) {
			w = 0
			split(parts[i], words, /[ \t]+/)
			for (j in words) if (words[j] != "") w++
			if (w > best) { best = w; said = parts[i] }
		}
		unit = ""
	}
	/^```/ { flush(); code = !code; next }
	code { next }
	/^    / || /^\|/ || /^!\[/ || /^[ \t]*$/ { flush(); next }
	/^#/ || /^- / || /^[0-9]+\. / { flush(); sub(/^(#+|-|[0-9]+\.) /, "") }
	{ unit = unit " " $0 }
	END { flush(); print best + 0 "\t" said }' "$1"
}

test_expect_success 'README.md is at most 300 lines' '
	n=$(wc -l <"$README") && echo "$n lines" && test "$n" -le 300
'
test_expect_success 'no sentence of README.md is over 40 words' '
	longest "$README" >out && cat out && test "$(cut -f1 out)" -le 40
'
test_expect_success 'the checker finds a sentence of 41 words, in a list item or a paragraph' '
	words=$(seq 41 | sed "s/^/w/" | tr "\n" " " | sed "s/ \$//") &&
	printf "# t\n\nShort one. %s\n\n| a | b |\n" "$words" >p.md && test "$(longest p.md | cut -f1)" = 41 &&
	printf -- "- %s.\n- two words.\n" "$words" >l.md && test "$(longest l.md | cut -f1)" = 41 &&
	printf "A b.\n\n\`\`\`\n%s\n\`\`\`\n" "$words" >c.md && test "$(longest c.md | cut -f1)" = 2
'
test_expect_success 'the two commands stand as the contract shows them' '
	grep -qx "    make report     # builds, measures, fits, draws: plots/roofline.png and plots/report.md" "$README" &&
	grep -qx "    make test       # builds and runs the whole test suite; ends with the runner.s summary" "$README"
'
test_expect_success 'every docs/ file README.md links to is there' '
	grep -v "pending:" "$README" | grep -o "](docs/[^)]*)" | sed "s/^](//; s/)\$//" | sort -u >links &&
	test -s links &&
	while read -r f; do test -f "$ROOFLINE_SRC/$f" || { echo "missing: $f"; exit 1; }; done <links
'
test_done
