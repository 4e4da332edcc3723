#!/usr/bin/env bats
# opml-stat: mean, std (n - 1), and the paired t-test's p-value against
# printed t tables; verdicts, headers, edge cases and errors.

load helper

# Two columns whose paired differences have t = $1 with $2 + 1 rows:
# d_i = t / sqrt(n) + e_i, e_i evenly spaced with mean 0 and std 1.
tcols() {
	awk -v t="$1" -v df="$2" 'BEGIN { n = df + 1; c = (n - 1) / 2
	for (i = 0; i < n; i++) ss += (i - c) ^ 2; s = sqrt(ss / (n - 1))
	for (i = 0; i < n; i++) printf "0 %.17g\n", t / sqrt(n) + (i - c) / s }'
}

# The p field of the line of column $2 in opml-stat's output $1.
pof() {
	echo "$1" | awk -v c="$2" '$1 == c { print $5 }'
}

near() {
	awk -v x="$1" -v y="$2" -v tol="$3" 'BEGIN { d = x - y; if (d < 0) d = -d
	if (!(d <= tol)) { print x " is not within " tol " of " y; exit 1 } }'
}

@test "-h: the usage and every option of the man page, on stdout, exit 0" {
	run --separate-stderr opml-stat -h
	[ "$status" -eq 0 ]
	[ -z "$stderr" ]
	[[ ${lines[0]} == "usage: opml-stat "* ]]
	for o in $(grep -o '^\.It Fl [a-zA-Z]' "$TOP/man/opml-stat.1" | awk '{ print $3 }'); do
		echo "$output" | grep -q -- "^  -$o " || { echo "-$o not in -h"; false; }
	done
}

@test "p-values at the critical values of a printed t table, to 1e-4" {
	for c in "2.228 10 0.05" "2.086 20 0.05" "3.169 10 0.01" "1.0 1 0.5" \
	    "12.706 1 0.05" "4.303 2 0.05" "2.042 30 0.05" "1.984 100 0.05"; do
		set -- $c
		tcols "$1" "$2" > "$TMP/t"
		run opml-stat -F "$TMP/t"
		[ "$status" -eq 0 ] || { show; false; }
		near "$(pof "$output" 2)" "$3" 1e-4 || { echo "t $1 df $2"; show; false; }
	done
}

@test "a million degrees of freedom: t = 1.96 gives p = 0.05 as the normal law" {
	tcols 1.96 1000000 > "$TMP/t"
	run opml-stat -F "$TMP/t"
	[ "$status" -eq 0 ]
	near "$(pof "$output" 2)" 0.05 1e-4
	[[ ${lines[2]} == "2 "*" 1000001 "* ]]
}

@test "differences 1..5: mean, std (n - 1), t = 3 / sqrt(0.5), p by the df = 4 closed form" {
	printf 'a b\n0 1\n1 3\n3 6\n6 10\n10 15\n' > "$TMP/t"
	run opml-stat -F "$TMP/t"
	[ "$status" -eq 0 ]
	[ "$(echo ${lines[0]})" = "#column n mean std p result" ] || { show; false; }
	set -- ${lines[1]}
	[ "$1 $2 $3 $5 $6" = "a 5 4 - ref" ]
	near "$4" "$(awk 'BEGIN { printf "%.17g", sqrt(66 / 4) }')" 1e-15
	set -- ${lines[2]}
	[ "$1 $2 $3 $6" = "b 5 7 loss" ]
	near "$4" "$(awk 'BEGIN { printf "%.17g", sqrt(126 / 4) }')" 1e-15
	# P(|T| >= t) for 4 degrees of freedom: 1 - sin(h) (1 + cos(h)^2 / 2),
	# h = atan(t / 2) (Abramowitz and Stegun 26.7.4).
	p=$(awk 'BEGIN { t = 3 / sqrt(0.5); h = atan2(t, 2)
	    printf "%.17g", 1 - sin(h) * (1 + cos(h) ^ 2 / 2) }')
	near "$5" "$p" 1e-14
}

@test "the verdict: a loss for higher errors, a win with -H, a tie at a stricter level" {
	printf 'a b\n0 1\n1 3\n3 6\n6 10\n10 15\n' > "$TMP/t"
	[ "$(opml-stat "$TMP/t" | awk '$1 == "b" { print $5, $6 }')" = "0.01324 loss" ]
	[ "$(opml-stat -b "$TMP/t" | awk '$1 == "b" { print $6 }')" = win ]
	[ "$(opml-stat -a 0.01 "$TMP/t" | awk '$1 == "b" { print $6 }')" = tie ]
	[ "$(opml-stat -r b "$TMP/t" | awk '$1 == "a" { print $5, $6 }')" = "0.01324 win" ]
	[ "$(opml-stat -r 2 "$TMP/t" | awk '{ print $6 }' | tr '\n' ' ')" = "result win ref " ]
}

@test "every difference zero is a tie with p = 1; one constant difference has p = 0" {
	printf '0.125 0.125 0.375\n0.25 0.25 0.5\n0.5 0.5 0.75\n' > "$TMP/t"
	run opml-stat "$TMP/t"
	[ "$status" -eq 0 ]
	[ "$(echo "$output" | awk '$1 == 2 { print $5, $6 }')" = "1 tie" ]
	[ "$(echo "$output" | awk '$1 == 3 { print $5, $6 }')" = "0 loss" ] || { show; false; }
}

@test "a constant column has std 0; one row has no std and no test, and says so" {
	printf '0.2 1\n0.2 2\n0.2 4\n' | opml-stat -F > "$TMP/o"
	[ "$(awk '$1 == 1 { print $3, $4 }' "$TMP/o")" = "0.2 0" ]
	# 7/3 read back exactly; 4 digits without -F.
	[ "$(awk '$1 == 2 { print $3 }' "$TMP/o")" = "$(awk 'BEGIN { printf "%.17g", 7 / 3 }')" ]
	[ "$(printf '0.2 1\n0.2 2\n0.2 4\n' | opml-stat | awk '$1 == 2 { print $3 }')" = 2.333 ]
	run --separate-stderr opml-stat <<< "0.5 0.25"
	[ "$status" -eq 0 ]
	[ "${lines[1]}" = "1        1  0.5   -    -  ref" ] || { show; false; }
	[ "${lines[2]}" = "2        1  0.25  -    -  none" ] || { show; false; }
	[[ $stderr == *"one row: no standard deviation, no t-test"* ]]
}

@test "comments, blank lines, CRLF, tabs; a header repeated in a second file" {
	printf '# errors\n\nx\ty\r\n1 2\r\n  # more\n2 4\n' > "$TMP/a"
	printf 'x y\n3 9\n' > "$TMP/b"
	run opml-stat -F "$TMP/a" "$TMP/b"
	[ "$status" -eq 0 ]
	[ "$(echo "$output" | awk '!/^#/ { print $1, $2, $3 }' | tr '\n' ' ')" = "x 3 2 y 3 5 " ] || { show; false; }
}

@test "-o writes the file whole, and nothing on an error" {
	printf '1 2\n2 3\n4 4\n' > "$TMP/t"
	opml-stat -o "$TMP/out" "$TMP/t"
	cmp "$TMP/out" <(opml-stat "$TMP/t")
	printf '1 2\n2 x\n' > "$TMP/bad"
	run opml-stat -o "$TMP/out2" "$TMP/bad"
	[ "$status" -eq 1 ]
	[ ! -e "$TMP/out2" ]
}

@test "data errors name the file and line, exit 1, and print no number" {
	printf '1 2\n2 x\n' > "$TMP/t"
	run opml-stat "$TMP/t"
	[ "$status" -eq 1 ]
	[ "$output" = "opml-stat: $TMP/t:2: field 2: not a finite number: 'x'" ]
	printf '1 2\n1 2 3\n' > "$TMP/t"
	run opml-stat "$TMP/t"
	[ "$status" -eq 1 ]
	[ "$output" = "opml-stat: $TMP/t:2: 3 fields, expected 2" ]
	printf 'a b\n1 2\n' > "$TMP/a"
	printf 'a c\n1 2\n' > "$TMP/b"
	run opml-stat "$TMP/a" "$TMP/b"
	[ "$status" -eq 1 ]
	[[ $output == *"$TMP/b:1: column names differ"* ]]
	printf '1 nan\n' > "$TMP/t"
	run opml-stat "$TMP/t"
	[ "$status" -eq 1 ]
	run opml-stat /dev/null
	[ "$status" -eq 1 ]
	[[ $output == *"no rows"* ]]
	run opml-stat "$TMP/none"
	[ "$status" -eq 1 ]
	printf '1e308 0\n1e308 0\n' > "$TMP/t"
	run opml-stat "$TMP/t"
	[ "$status" -eq 1 ]
	[[ $output == *"column 1: figures too large"* ]]
	[[ $output != *inf* ]]
	printf '8e307 -8e307\n8e307 -8e307\n' > "$TMP/t"
	run opml-stat -r 2 "$TMP/t"
	[ "$status" -eq 1 ]
	[[ $output == *"column 1: differences too large"* ]]
}

@test "usage errors exit 2: unknown option, bad level, no such column" {
	printf 'a b\n1 2\n' > "$TMP/t"
	run opml-stat -q "$TMP/t"
	[ "$status" -eq 2 ]
	[[ $output == *usage:* ]]
	for l in 0 1 -0.5 x; do
		run opml-stat -a "$l" "$TMP/t"
		[ "$status" -eq 2 ]
	done
	for r in c 0 3 x; do
		run opml-stat -r "$r" "$TMP/t"
		[ "$status" -eq 2 ]
		[[ $output == *"-r $r: no such column"* ]]
	done
}
