#!/bin/sh
# names-check.sh [ROOT] - names become types at input (issue 42): past
# src/input/ a roof is a struct roof_key and a timing group an enum
# timing_group, never text read back. Fails (exit 1, one line each, "names:
# FILE:LINE: ...") on, in src/:
#   - a call of roofkey_parse or roofkey_parse_any outside src/input/ and
#     src/core/roofkey.c (the one parser of roof names);
#   - a strcmp, strncmp or strcasecmp whose arguments hold a timing group's
#     name ("bandwidth", "peak", "kernels") or a `group` field, outside
#     src/input/ (tgroup.c parses the names once). roofkey.c's "peak" is the
#     compute roof's name, not a group's, and roofkey.c is the roofs' parser.
# Comment lines (starting with "*", "/*" or "//") are not code and are skipped.
set -eu
root=$(cd "${1:-$(dirname "$0")/..}" && pwd)
cd "$root"
find src -name '*.[ch]' ! -path 'src/libroofline/*' | LC_ALL=C sort | xargs perl -ne '
	BEGIN { $bad = 0 }
	my $f = $ARGV;
	next if m{^\s*(\*|/\*|//)};
	my $input = $f =~ m{^src/input/};
	if (!$input && $f ne "src/core/roofkey.c" && $f ne "src/core/roofkey.h" && /\broofkey_parse(_any)?\s*\(/) {
		print "names: $f:$.: calls roofkey_parse$1 outside src/input/ and roofkey.c: use the key\n";
		$bad = 1;
	}
	if (!$input && $f ne "src/core/roofkey.c") {
		while (/\bstr(?:n|case)?cmp\s*\(((?:[^()]|\((?:[^()]|\([^()]*\))*\))*)\)/g) {
			my $args = $1;
			if ($args =~ /"(bandwidth|peak|kernels)"|(?:\.|->)\s*group\b|\bgroup\s*[,)]|\bgroup$/) {
				print "names: $f:$.: compares a timing group by name (strcmp($args)): use enum timing_group\n";
				$bad = 1;
			}
		}
	}
	close ARGV if eof;
	END { exit $bad }
'
