# loops.awk - the inner loops of a kernel's members in `objdump -d
# --no-show-raw-insn` output (x86-64 AT&T or aarch64), for the disassembly
# tests (t0111, t0995): a member is a function named PREFIX<G>; its loop is a
# backward conditional jump and the instructions from its target to it, one
# that holds an FMA of the kind asked. Each loop is printed as
# "G<TAB>@aligned" (its target on a 64-byte boundary) or "G<TAB>@at ADDR",
# then "G<TAB>mnemonic operands" lines (the jump as its mnemonic alone), then
# "G<TAB>--".
# Variables: prefix (the member's name before G); which FMAs mark the loop:
# xx (a regex their operands match) or self=1 (an FMA whose first two
# operands are one register: c*c). Comments (# and //) are dropped and
# blanks squeezed.
function hex(s,    i, c, v) {
	v = 0; s = tolower(s); sub(/^0x/, "", s)
	for (i = 1; i <= length(s); i++) {
		c = index("0123456789abcdef", substr(s, i, 1))
		if (c == 0) break
		v = v * 16 + c - 1
	}
	return v
}
function marks(o,    q) {
	if (self) return split(o, q, ",") == 3 && q[1] == q[2]
	return o ~ xx
}
function flush(    i, j, t, tgt, nf) {
	if (fn == "") return
	for (j = 1; j <= ni; j++) {
		if (!(mn[j] ~ /^j/ && mn[j] != "jmp") && mn[j] !~ /^b\./) continue
		split(op[j], t, " ")
		tgt = hex(t[1])
		if (tgt > ad[j]) continue
		# The kernel's loop: its FMAs (the code outside it may contract a*b + c too).
		nf = 0
		for (i = 1; i <= j; i++)
			if (ad[i] >= tgt && mn[i] ~ /^(vfmadd|fmla|fmadd)/ && marks(op[i])) nf++
		if (!nf) continue
		print fn "\t@" (tgt % 64 == 0 ? "aligned" : "at " tgt)
		for (i = 1; i <= j; i++)
			if (ad[i] >= tgt) print fn "\t" (i == j ? mn[i] : mn[i] " " op[i])
		print fn "\t--"
	}
}
/^[0-9a-f]+ <.*>:$/ {
	flush()
	fn = $2; sub(/^</, "", fn); sub(/>:$/, "", fn)
	if (substr(fn, 1, length(prefix)) == prefix && substr(fn, length(prefix) + 1) ~ /^[0-9]+$/)
		fn = substr(fn, length(prefix) + 1)
	else
		fn = ""
	ni = 0
	next
}
/^ *[0-9a-f]+:\t/ && fn != "" {
	line = $0; sub(/^ */, "", line)
	a = line; sub(/:.*/, "", a)
	rest = line; sub(/^[0-9a-f]+:\t/, "", rest)
	m = rest; sub(/[ \t].*/, "", m)
	o = rest; sub(/^[^ \t]+[ \t]*/, "", o); sub(/[ \t]*(#|\/\/).*/, "", o); gsub(/[ \t]+/, " ", o)
	ni++; ad[ni] = hex(a); mn[ni] = m; op[ni] = o
}
END { flush() }
