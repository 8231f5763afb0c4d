#!/bin/sh
# names-check.sh [ROOT] - names become types at input (issue 42): past
# src/input/ a roof is a struct roof_key, a timing group an enum
# timing_group, a kernel (and its family) a registry entry, a level an enum
# mem_level and an ISA an enum isa, never text read back. Fails (exit 1, one
# line each, "names: FILE:LINE: ...") on, in src/:
#   - a call of roofkey_parse or roofkey_parse_any outside src/input/ and
#     src/core/roofkey.c (the one parser of roof names);
#   - a strcmp, strncmp or strcasecmp whose arguments hold a timing group's
#     name ("bandwidth", "peak", "kernels") or a `group` field, outside
#     src/input/ (tgroup.c parses the names once). roofkey.c's "peak" is the
#     compute roof's name, not a group's, and roofkey.c is the roofs' parser;
#   - a strcmp, strncmp, strcasecmp, strncasecmp or strstr whose arguments
#     hold a kernel's, a family's, a level's, an ISA's or a roof's name (a
#     field or variable named kernel, family, level(s), isa(s), roof(s),
#     ceiling, pattern, pat(s) or target, a kernel's `->name`, a level's or
#     an ISA's name as a literal, or what levels_name, cpu_isa_name,
#     isa_suffix or roofkey_format write) outside src/input/,
#     src/libroofline/ (the user's library: it checks the rows it writes)
#     and the one parser of each kind of name in src/core/ (isa.c, levels.c,
#     roofkey.c, planrole.c), unless scripts/names.allow (NAMES_ALLOW) lists
#     that comparison as legitimately text;
#   - a call of registry_find (a kernel looked up by its name) or of a
#     name's parser (levels_parse, cpu_isa_parse, tgroup_parse,
#     plan_role_parse, access_pattern_parse) outside src/input/ and src/core/, unless names.allow
#     lists it ("FILE: FUNCTION(ARGS)"): a row's names are typed once, where
#     the row is read.
# names.allow: one a line, "FILE: ARGS  # why", ARGS the comparison's
# arguments as this check prints them (blanks run together). An entry that
# excuses nothing any more fails the check: remove it.
# Comment lines (starting with "*", "/*" or "//") are not code and are skipped.
set -eu
root=$(cd "${1:-$(dirname "$0")/..}" && pwd)
allow=${NAMES_ALLOW:-$root/scripts/names.allow}
cd "$root"
find src -name '*.[ch]' ! -path 'src/libroofline/*' | LC_ALL=C sort | NAMES_ALLOW_FILE=$allow xargs perl -ne '
	BEGIN {
		$bad = 0;
		$allowfile = $ENV{NAMES_ALLOW_FILE};
		if (open(my $a, "<", $allowfile)) {
			while (<$a>) {
				s/\s+#.*//; s/^\s+//; s/\s+$//;
				next if $_ eq "" || /^#/;
				if (/^(\S+):\s+(.*)$/) { my $k = "$1: " . join(" ", split(" ", $2)); $excused{$k} = 0; }
			}
			close $a;
		}
	}
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
	if (!$input && $f !~ m{^src/core/}) {
		while (/\b(registry_find|levels_parse|cpu_isa_parse|tgroup_parse|plan_role_parse|access_pattern_parse)\s*\(((?:[^()]|\([^()]*\))*)\)/g) {
			my ($fn, $args) = ($1, join(" ", split(" ", $2)));
			my $key = "$f: $fn($args)";
			if (exists $excused{$key}) {
				$excused{$key}++;
				next;
			}
			if ($fn eq "registry_find") {
				print "names: $f:$.: looks a kernel up by name past input ($fn($args)): resolve it where it is read\n";
			} else {
				print "names: $f:$.: parses a name past input ($fn($args)): type it where it is read\n";
			}
			$bad = 1;
		}
	}
	if (!$input && $f !~ m{^src/core/(isa|levels|roofkey|planrole)\.c$}) {
		while (/\b(str(?:n?case|n)?cmp|strstr)\s*\(((?:[^()]|\((?:[^()]|\([^()]*\))*\))*)\)/g) {
			my ($fn, $args) = ($1, join(" ", split(" ", $2)));
			# identifiers, not inside a string literal: the machine file key "isas" names no ISA
			my $kind =
			    $args =~ /(?<!")\b(?:\w*famil(?:y|ies)\w*|fam)\b(?!")/i ? "a family"
			  : $args =~ /(?<!")\bkernels?\b(?!")|\bkn?\s*->\s*name\b|registry_get\s*\(/ ? "a kernel"
			  : $args =~ /(?<!")\blevels?\b(?!")|"(?:L[1-4]|DRAM)"|levels_name\s*\(/i ? "a level"
			  : $args =~ /(?<!")\bisas?\b(?!")|"(?:avx2|avx512|sse2|neon|scalar)"|cpu_isa_name\s*\(|isa_suffix\s*\(/ ? "an ISA"
			  : $args =~ /(?<!")\b(?:roofs?|ceiling|patterns?|pats?|target)\b(?!")|roofkey_format\s*\(/ ? "a roof"
			  : "";
			next if $kind eq "";
			my $key = "$f: $args";
			if (exists $excused{$key}) {
				$excused{$key}++;
				next;
			}
			print "names: $f:$.: compares $kind name as text ($fn($args)): compare its typed value (registry entry, enum, struct roof_key)\n";
			$bad = 1;
		}
	}
	close ARGV if eof;
	END {
		for my $k (sort keys %excused) {
			next if $excused{$k};
			print "names: $allowfile: \"$k\" excuses nothing (remove it)\n";
			$bad = 1;
		}
		exit $bad;
	}
'
