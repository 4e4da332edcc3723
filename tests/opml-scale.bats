#!/usr/bin/env bats
# opml-scale: z-score as MATLAB's zscore, min-max, unit norm; saved and
# restored parameters give the same bytes; constant columns; errors.

load helper

@test "zscore: column mean 0 and sample std 1 (n - 1), labels kept" {
	opml-scale "$DATA/iris.txt" > "$TMP/z"
	[ "$(wc -l < "$TMP/z")" -eq 150 ]
	[ "$(cut -d' ' -f1 "$TMP/z" | tr -d '\n')" = "$(cut -d' ' -f1 "$DATA/iris.txt" | tr -d '\n')" ]
	awk '{ for (j = 2; j <= NF; j++) { s[j] += $j; q[j] += $j * $j } }
	END { for (j = 2; j <= NF; j++) { m = s[j] / NR; v = (q[j] - NR * m * m) / (NR - 1)
	  if (m > 1e-12 || m < -1e-12 || v - 1 > 1e-12 || 1 - v > 1e-12) { print "column " j ": " m " " v; exit 1 } } }' "$TMP/z"
}

@test "zscore parameters: the mean and the std with n - 1" {
	opml-scale -w "$TMP/p" "$DATA/iris.txt" > /dev/null
	run cat "$TMP/p"
	[[ ${lines[0]} == "#opml-scale version=1 type=zscore d=4" ]]
	[[ ${lines[1]} == "mean 5.84333333333333"* ]]
	[[ ${lines[2]} == "std 0.82806612797786"* ]]
}

@test "-s then -r gives the same bytes as one run, for every type" {
	for t in zscore minmax unit; do
		opml-scale -t $t "$DATA/wine.txt" > "$TMP/one"
		opml-scale -t $t -w "$TMP/p" "$DATA/wine.txt" > "$TMP/fit"
		opml-scale -r "$TMP/p" < "$DATA/wine.txt" > "$TMP/two"
		cmp "$TMP/one" "$TMP/two"
		cmp "$TMP/one" "$TMP/fit"
	done
}

@test "parameters fitted on one set apply to another" {
	head -100 "$DATA/iris.txt" > "$TMP/a"
	tail -50 "$DATA/iris.txt" > "$TMP/b"
	opml-scale -w "$TMP/p" "$TMP/a" > /dev/null
	opml-scale -r "$TMP/p" -o "$TMP/out" "$TMP/b"
	[ "$(wc -l < "$TMP/out")" -eq 50 ]
	opml-scale -r "$TMP/p" "$TMP/a" "$TMP/b" > "$TMP/all"
	tail -50 "$TMP/all" | cmp - "$TMP/out"
}

@test "a constant column scales to 0, never NaN" {
	for t in zscore minmax; do
		run opml-scale -t $t "$FIX/scale-const.txt"
		[ "$status" -eq 0 ]
		[[ $output != *nan* ]]
		[ "$(echo "$output" | cut -d' ' -f3 | sort -u)" = 0 ]
	done
	printf 'a 0 0\n' | opml-scale -t unit > "$TMP/u"
	[ "$(cat "$TMP/u")" = "a 0 0" ]
	printf 'a 3 4\n' | opml-scale > "$TMP/one"
	[ "$(cat "$TMP/one")" = "a 0 0" ]
}

@test "minmax maps into [0, 1]; unit gives norm 1" {
	opml-scale -t minmax "$DATA/wine.txt" | awk '{ for (j = 2; j <= NF; j++) if ($j < 0 || $j > 1) exit 1 }'
	opml-scale -t unit "$DATA/wine.txt" | awk '{ s = 0; for (j = 2; j <= NF; j++) s += $j * $j
	  if (s - 1 > 1e-12 || 1 - s > 1e-12) exit 1 }'
	printf '1 3 4\n' | opml-scale -t unit > "$TMP/u"
	[ "$(cat "$TMP/u")" = "1 0.6 0.8" ]
}

@test "usage errors: bad -t, both -s and -r, unknown option" {
	run opml-scale -t other "$DATA/iris.txt"
	[ "$status" -eq 2 ]
	run opml-scale -w "$TMP/p" -r "$TMP/p" "$DATA/iris.txt"
	[ "$status" -eq 2 ]
	run opml-scale -q
	[ "$status" -eq 2 ]
	[[ $output == *usage:* ]]
}

@test "data errors: missing file, ragged row, empty input, bad parameters" {
	run opml-scale "$TMP/none"
	[ "$status" -eq 1 ]
	printf '0 1 2\n1 3\n' > "$TMP/rag"
	run opml-scale "$TMP/rag"
	[ "$status" -eq 1 ]
	[[ $output == *rag:2:* ]]
	: > "$TMP/empty"
	run opml-scale "$TMP/empty"
	[ "$status" -eq 1 ]
	[[ $output == *"no samples"* ]]
	run opml-scale -r "$TMP/none" "$DATA/iris.txt"
	[ "$status" -eq 1 ]
	run opml-scale -r "$DATA/iris.txt" "$DATA/iris.txt"
	[ "$status" -eq 1 ]
	[[ $output == *"#opml-scale"* ]]
	opml-scale -w "$TMP/p" "$DATA/iris.txt" > /dev/null
	run opml-scale -r "$TMP/p" "$DATA/wine.txt"
	[ "$status" -eq 1 ]
	[[ $output == *wine.txt:1:* ]]
	run opml-scale -t minmax -r "$TMP/p" "$DATA/iris.txt"
	[ "$status" -eq 1 ]
	head -2 "$TMP/p" > "$TMP/short"
	run opml-scale -r "$TMP/short" "$DATA/iris.txt"
	[ "$status" -eq 1 ]
	sed 's/^std 0.8/std x/' "$TMP/p" > "$TMP/bad"
	run opml-scale -r "$TMP/bad" "$DATA/iris.txt"
	[ "$status" -eq 1 ]
	[[ $output == *bad:3:* ]]
}

@test "overflowing parameters are an error; unit scaling of tiny and huge rows" {
	printf 'a 1e308 1\nb -1e308 2\na 1e308 3\n' > "$TMP/big"
	for t in zscore minmax; do
		run --separate-stderr opml-scale -t "$t" "$TMP/big"
		[ "$status" -eq 1 ]
		[ -z "$output" ]
		[[ $stderr == *"values too large to scale"* ]]
	done
	printf 'a 3e-200 4e-200\nb 3e307 -4e307\nc 0 0\n' > "$TMP/s"
	run opml-scale -t unit "$TMP/s"
	[ "$status" -eq 0 ]
	[ "$output" = "a 0.6 0.8
b 0.6 -0.8
c 0 0" ]
}

@test "-s with an -o that cannot be written leaves no parameter file" {
	# The parameters were put in place before the output failed.
	run opml-scale -w "$TMP/p" -o "$TMP/none/out" "$DATA/iris.txt"
	show
	[ "$status" -eq 1 ]
	[ "${#lines[@]}" -eq 1 ]
	[ -z "$(ls -A "$TMP")" ]
	run opml-scale -w "$TMP/p" -o "$TMP/out" "$DATA/iris.txt"
	[ "$status" -eq 0 ]
	[ -s "$TMP/p" ] && [ -s "$TMP/out" ]
}
