#!/usr/bin/env bats
# opml-metric: M = L'L, the feature weights and the spectrum of a model,
# against awk's sums and closed forms; raw features; similarity models.

load helper

# The rows of a model block (the lines that are not comments).
rows() {
	grep -v '^#' "$1"
}

# M = L'L in awk from the model's rows, %.17g.
gram() {
	rows "$1" | awk '{ r++; d = NF; for (j = 1; j <= NF; j++) L[r, j] = $j }
	END { for (i = 1; i <= d; i++) { for (j = 1; j <= d; j++) { s = 0
		for (k = 1; k <= r; k++) s += L[k, i] * L[k, j]
		printf "%s%.17g", (j > 1 ? " " : ""), s }; print "" } }'
}

# Two files of numbers agree field by field to a relative 1e-13.
agree() {
	paste -d'|' "$1" "$2" | awk -F'|' '{
		n = split($1, x, " "); m = split($2, y, " ")
		if (n != m) { print "line " NR ": " n " and " m " fields"; bad = 1; next }
		for (i = 1; i <= n; i++) { e = x[i] - y[i]; if (e < 0) e = -e
			s = y[i] < 0 ? -y[i] : y[i]
			if (e > 1e-13 * (s > 1 ? s : 1)) { print "line " NR ": " x[i] " " y[i]; bad = 1 } } }
		END { exit bad || NR == 0 }'
}

@test "M is L'L: awk's sums of a hand-made rank-2 model and of a learned one" {
	printf '#opml version=1 d=3 r=2\n1 2 0.5\n-3 0.25 4\n' > "$TMP/m"
	opml-metric "$TMP/m" > "$TMP/a"
	printf '10 1.25 -11.5\n1.25 4.0625 2\n-11.5 2 16.25\n' > "$TMP/b"
	cmp "$TMP/a" "$TMP/b"
	opml-learn -s 3 "$DATA/wine.txt" > "$TMP/w"
	opml-metric "$TMP/w" > "$TMP/a"
	[ "$(wc -l < "$TMP/a")" -eq 13 ]
	gram "$TMP/w" > "$TMP/b"
	agree "$TMP/a" "$TMP/b"
	# a symmetric matrix, printed exactly: it reads back as itself
	awk '{ for (j = 1; j <= NF; j++) m[NR, j] = $j } END {
		for (i = 1; i <= NR; i++) for (j = 1; j <= NR; j++) if (m[i, j] != m[j, i]) exit 1 }' "$TMP/a"
}

@test "-w: J and the column norm of L, from 1" {
	opml-learn -s 3 -r 5 "$DATA/wine.txt" > "$TMP/w"
	opml-metric -F -w "$TMP/w" > "$TMP/a"
	rows "$TMP/w" | awk '{ for (j = 1; j <= NF; j++) s[j] += $j * $j; d = NF }
	END { for (j = 1; j <= d; j++) printf "%d %.17g\n", j, sqrt(s[j]) }' > "$TMP/b"
	[ "$(wc -l < "$TMP/a")" -eq 13 ]
	agree "$TMP/a" "$TMP/b"
	# for people: 4 significant digits
	printf '#opml version=1 d=2 r=1\n3 0.123456789\n' > "$TMP/m"
	run opml-metric -w "$TMP/m"
	[ "$status" -eq 0 ]
	[ "$output" = "$(printf '1 3\n2 0.1235')" ]
}

@test "-e: the eigenvalues, largest first: a 2x2 closed form, trace and determinant" {
	# M = L'L = [5 4; 4 5] for L = [1 2; 2 1]: eigenvalues 9 and 1.
	printf '#opml version=1 d=2 r=2\n1 2\n2 1\n' > "$TMP/m"
	run opml-metric -F -e "$TMP/m"
	[ "$status" -eq 0 ]
	printf '%s\n' "$output" | awk 'NR == 1 { a = $1 } NR == 2 { b = $1 }
	END { e1 = a - 9; e2 = b - 1; exit !(NR == 2 && e1 * e1 < 1e-28 && e2 * e2 < 1e-28) }'
	# a learned 4 x 4: sum = trace(M), product = det(M) (by elimination)
	opml-learn -s 1 "$DATA/iris.txt" > "$TMP/i"
	opml-metric -F -e "$TMP/i" > "$TMP/ev"
	gram "$TMP/i" > "$TMP/M"
	awk 'FNR == NR { ev[FNR] = $1; n = FNR; next }
	{ for (j = 1; j <= NF; j++) a[FNR, j] = $j; d = NF }
	END {
		s = 0; p = 1; for (i = 1; i <= n; i++) { s += ev[i]; p *= ev[i]; if (i > 1 && ev[i] > ev[i - 1]) exit 1 }
		t = 0; for (i = 1; i <= d; i++) t += a[i, i]
		det = 1
		for (c = 1; c <= d; c++) { det *= a[c, c]
			for (r = c + 1; r <= d; r++) { f = a[r, c] / a[c, c]; for (j = c; j <= d; j++) a[r, j] -= f * a[c, j] } }
		e = (s - t) / t; f = (p - det) / det
		exit !(n == d && e * e < 1e-26 && f * f < 1e-24) }' "$TMP/ev" "$TMP/M"
}

@test "-e of a rank-1 metric: ||l||^2, then zeros, never below 0" {
	printf '#opml version=1 d=3 r=1\n0.1 0.2 0.3\n' > "$TMP/m"
	run opml-metric -F -e "$TMP/m"
	[ "$status" -eq 0 ]
	[ "${#lines[@]}" -eq 3 ]
	printf '%s\n' "$output" | awk 'NR == 1 { e = $1 - 0.14; ok = e * e < 1e-30 }
	NR > 1 && ($1 < 0 || $1 > 1e-15) { ok = 0 } END { exit !ok }'
}

@test "-Z: raw features; (x - z)' M (x - z) is the distance opml-transform gives" {
	opml-learn -s 2 "$DATA/wine.txt" > "$TMP/w"
	grep -q 'standardize=1' "$TMP/w"
	opml-metric -Z "$TMP/w" > "$TMP/M"
	head -2 "$DATA/wine.txt" > "$TMP/two"
	opml-transform -m "$TMP/w" "$TMP/two" > "$TMP/lx"
	awk 'FNR == NR { for (j = 1; j <= NF; j++) M[FNR, j] = $j; d = NF; next }
	{ for (j = 2; j <= NF; j++) x[FNR, j - 1] = $j; n = NF - 1 }
	END { if (FILENAME ~ /lx$/) { s = 0; for (j = 1; j <= n; j++) s += (x[1, j] - x[2, j]) ^ 2; print s; exit }
		s = 0; for (i = 1; i <= d; i++) for (j = 1; j <= d; j++) s += (x[1, i] - x[2, i]) * M[i, j] * (x[1, j] - x[2, j])
		print s }' "$TMP/M" "$TMP/two" > "$TMP/a"
	awk '{ for (j = 2; j <= NF; j++) x[NR, j] = $j; n = NF }
	END { s = 0; for (j = 2; j <= n; j++) s += (x[1, j] - x[2, j]) ^ 2; print s }' "$TMP/lx" > "$TMP/b"
	awk 'FNR == NR { a = $1; next } { e = (a - $1) / $1; exit !(e * e < 1e-24 && $1 > 0) }' "$TMP/a" "$TMP/b"
	# the weights on raw features: the standardized ones over s
	opml-metric -F -w "$TMP/w" > "$TMP/ws"
	opml-metric -F -w -Z "$TMP/w" > "$TMP/wr"
	awk '$1 == "#mean" { n = $2 } $1 == "#sqdev" { for (j = 2; j <= NF; j++) printf "%d %.17g\n", j - 1, sqrt($j / (n - 1)) }' "$TMP/w" > "$TMP/sd"
	paste -d' ' "$TMP/ws" "$TMP/sd" | awk '{ printf "%d %.17g\n", $1, $2 / $4 }' > "$TMP/b"
	agree "$TMP/wr" "$TMP/b"
	# without standardization -Z changes nothing
	opml-learn -Z -g 1e-6 -s 2 "$DATA/wine.txt" > "$TMP/z"
	[ "$(opml-metric -Z "$TMP/z")" = "$(opml-metric "$TMP/z")" ]
}

@test "a normalizing model: its metric, but none on raw features" {
	opml-learn -u "$DATA/iris.txt" > "$TMP/u"
	run opml-metric "$TMP/u"
	[ "$status" -eq 0 ]
	[ "${#lines[@]}" -eq 4 ]
	run --separate-stderr opml-metric -Z "$TMP/u"
	[ "$status" -eq 1 ]
	[ -z "$output" ]
	[[ $stderr == *"u: the model has no metric on raw features (it scales samples to unit norm)" ]]
}

@test "a similarity model: W as it is, the spectrum of (W + W')/2, no weights" {
	printf '#opml version=1 d=2 r=2 form=similarity\n1 2\n0 3\n' > "$TMP/s"
	run opml-metric "$TMP/s"
	[ "$output" = "$(printf '1 2\n0 3')" ]
	# (W + W')/2 = [1 1; 1 3]: 2 + sqrt(2) and 2 - sqrt(2)
	opml-metric -F -e "$TMP/s" | awk 'NR == 1 { a = $1 } NR == 2 { b = $1 }
	END { e1 = a - (2 + sqrt(2)); e2 = b - (2 - sqrt(2)); exit !(e1 * e1 < 1e-28 && e2 * e2 < 1e-28) }'
	# a negative eigenvalue stays negative
	printf '#opml version=1 d=2 r=2 form=similarity\n0 1\n1 0\n' > "$TMP/n"
	[ "$(opml-metric -e "$TMP/n")" = "$(printf '1\n-1')" ]
	run --separate-stderr opml-metric -w "$TMP/s"
	[ "$status" -eq 1 ]
	[[ $stderr == *"has no feature weights" ]]
	printf '#opml version=1 d=1 r=1 form=similarity standardize=1\n#mean 3 1\n#sqdev 2\n1\n' > "$TMP/sz"
	run opml-metric "$TMP/sz"
	[ "$status" -eq 0 ]
	run --separate-stderr opml-metric -Z "$TMP/sz"
	[ "$status" -eq 1 ]
	[[ $stderr == *"mean does not cancel"* ]]
}

@test "the model from stdin or a file, -o, and usage and data errors" {
	opml-learn "$DATA/iris.txt" > "$TMP/m"
	[ "$(opml-metric < "$TMP/m")" = "$(opml-metric "$TMP/m")" ]
	[ "$(opml-metric - < "$TMP/m")" = "$(opml-metric "$TMP/m")" ]
	opml-metric -e -o "$TMP/out" "$TMP/m"
	[ "$(cat "$TMP/out")" = "$(opml-metric -e "$TMP/m")" ]
	run opml-metric -e -w "$TMP/m"
	[ "$status" -eq 2 ]
	run opml-metric "$TMP/m" "$TMP/m"
	[ "$status" -eq 2 ]
	run opml-metric "$TMP/none"
	[ "$status" -eq 1 ]
	run opml-metric -o "$TMP/out2" "$DATA/iris.txt"
	[ "$status" -eq 1 ]
	[ ! -e "$TMP/out2" ]
	printf '#opml version=1 d=2 r=1\n1e200 1e200\n' > "$TMP/big"
	run --separate-stderr opml-metric "$TMP/big"
	[ "$status" -eq 1 ]
	[[ $stderr == *"overflows a double" ]]
}
