#!/usr/bin/env bats
# opml-transform: L x for every sample, from a model file or the head of
# stdin; both pipelines of the README; errors.

load helper

setup() {
	TMP="$BATS_TEST_TMPDIR"
	opml-learn -s 2 "$DATA/wine.txt" > "$TMP/m"
}

# L x computed apart from the tool, in awk, from the model's text: with
# standardize=1 each x first becomes (x - mean) / sd, sd from the
# #sqdev sums with the n - 1 divisor (0 where sd is 0); with normalize=1
# then x / |x|.
reference() {
	awk -v d="$2" 'FNR == NR {
		if ($1 == "#opml") { for (i = 2; i <= NF; i++) { split($i, kv, "="); h[kv[1]] = kv[2] } }
		else if ($1 == "#mean") { n = $2; for (j = 1; j <= d; j++) mu[j] = $(j + 2) }
		else if ($1 == "#sqdev") { for (j = 1; j <= d; j++) sd[j] = n > 1 ? sqrt($(j + 1) / (n - 1)) : 0 }
		else if ($0 !~ /^#/) { r++; for (j = 1; j <= NF; j++) L[r, j] = $j }
		next }
	{ for (j = 1; j <= d; j++) {
		x[j] = $(j + 1)
		if (h["standardize"] == 1) x[j] = sd[j] > 0 ? (x[j] - mu[j]) / sd[j] : 0 }
	  if (h["normalize"] == 1) {
		s = 0; for (j = 1; j <= d; j++) s += x[j] * x[j]; s = sqrt(s)
		for (j = 1; j <= d; j++) x[j] = s > 0 ? x[j] / s : 0 }
	  printf "%s", $1
	  for (i = 1; i <= r; i++) { s = 0; for (j = 1; j <= d; j++) s += L[i, j] * x[j]; printf " %.17g", s }
	  print "" }' "$1" "$3"
}

# Compare two sample files field by field to a relative 1e-12.
close_enough() {
	paste -d'|' "$1" "$2" | awk -F'|' '{
		n = split($1, x, " "); m = split($2, y, " ")
		if (n != m || x[1] != y[1]) { print "shape/label differs: " NR; bad = 1; next }
		for (i = 2; i <= n; i++) { e = x[i] - y[i]; if (e < 0) e = -e
		  s = y[i] < 0 ? -y[i] : y[i]; if (e > 1e-12 * (s > 1 ? s : 1)) { print "differs " NR ": " x[i] " " y[i]; bad = 1 } } }
		END { exit bad }'
}

@test "with -m: every sample becomes LABEL L x" {
	opml-transform -m "$TMP/m" "$DATA/wine.txt" > "$TMP/out"
	reference "$TMP/m" 13 "$DATA/wine.txt" > "$TMP/ref"
	[ "$(wc -l < "$TMP/out")" -eq 178 ]
	close_enough "$TMP/out" "$TMP/ref"
}

@test "pipeline: cat train | opml-learn | opml-transform test" {
	cat "$DATA/wine.txt" | opml-learn -s 2 | opml-transform "$DATA/wine.txt" > "$TMP/a"
	opml-transform -m "$TMP/m" "$DATA/wine.txt" > "$TMP/b"
	cmp "$TMP/a" "$TMP/b"
}

@test "pipeline: the model heads stdin and the samples follow" {
	{ opml-learn -s 2 < "$DATA/wine.txt"; cat "$DATA/wine.txt"; } | opml-transform > "$TMP/a"
	opml-transform -m "$TMP/m" "$DATA/wine.txt" > "$TMP/b"
	cmp "$TMP/a" "$TMP/b"
}

@test "a rank-2 model projects to 2 numbers per sample" {
	opml-learn -r 2 "$DATA/wine.txt" > "$TMP/m2"
	opml-transform -m "$TMP/m2" "$DATA/wine.txt" > "$TMP/out"
	[ "$(awk '{ print NF }' "$TMP/out" | sort -u)" = 3 ]
	reference "$TMP/m2" 13 "$DATA/wine.txt" > "$TMP/ref"
	close_enough "$TMP/out" "$TMP/ref"
}

@test "a normalized model standardizes, then scales samples to unit norm" {
	opml-learn -u "$DATA/iris.txt" > "$TMP/mn"
	grep -q ' normalize=1 standardize=1 ' "$TMP/mn"
	opml-transform -m "$TMP/mn" "$DATA/iris.txt" > "$TMP/out"
	reference "$TMP/mn" 4 "$DATA/iris.txt" > "$TMP/ref"
	close_enough "$TMP/out" "$TMP/ref"
	awk 'BEGIN { bad = 1 } { s = 0; for (i = 2; i <= NF; i++) s += $i * $i
	       if (s < 0.999 || s > 1.001) bad = 0 } END { exit bad }' "$TMP/out"
}

@test "-u without standardization: unit norm on the raw sample" {
	opml-learn -u -Z "$DATA/iris.txt" > "$TMP/mn"
	! grep -q 'standardize=1' "$TMP/mn"
	opml-transform -m "$TMP/mn" "$DATA/iris.txt" > "$TMP/out"
	awk '{ s = 0; for (i = 2; i <= NF; i++) s += $i * $i; s = sqrt(s)
	       printf "%s", $1; for (i = 2; i <= NF; i++) printf " %.17g", $i / s; print "" }' \
		"$DATA/iris.txt" > "$TMP/unit"
	reference "$TMP/mn" 4 "$TMP/unit" > "$TMP/ref"
	close_enough "$TMP/out" "$TMP/ref"
}

@test "a standardized model applied to raw samples is L (x - mean) / sd" {
	# The model's mean and sd are those of the training stream, two
	# passes in awk (sd with n - 1), and the test samples are other
	# raw samples: L applied after standardizing them with those.
	head -120 "$DATA/wine.txt" > "$TMP/train"
	tail -n +121 "$DATA/wine.txt" > "$TMP/test"
	opml-learn -s 4 "$TMP/train" > "$TMP/ms"
	awk -v d=13 '{ n++; for (j = 1; j <= d; j++) { x[n, j] = $(j + 1); s[j] += $(j + 1) } }
	END { for (j = 1; j <= d; j++) { mu = s[j] / n; q = 0
		for (i = 1; i <= n; i++) q += (x[i, j] - mu) ^ 2
		printf "%.17g %.17g\n", mu, sqrt(q / (n - 1)) } }' "$TMP/train" > "$TMP/two"
	awk -v d=13 'FNR == NR { mu[FNR] = $1; sd[FNR] = $2; next }
	$1 == "#mean" { n = $2; for (j = 1; j <= d; j++) m[j] = $(j + 2) }
	$1 == "#sqdev" { for (j = 1; j <= d; j++) {
		e1 = m[j] - mu[j]; e2 = sqrt($(j + 1) / (n - 1)) - sd[j]
		if (e1 < 0) e1 = -e1; if (e2 < 0) e2 = -e2
		if (e1 > 1e-12 * mu[j] || e2 > 1e-12 * sd[j]) { print "feature " j; bad = 1 } } }
	END { exit bad || n != 120 }' "$TMP/two" "$TMP/ms"
	opml-transform -m "$TMP/ms" "$TMP/test" > "$TMP/out"
	awk -v d=13 'FNR == NR { mu[FNR] = $1; sd[FNR] = $2; next }
	{ printf "%s", $1; for (j = 1; j <= d; j++) printf " %.17g", ($(j + 1) - mu[j]) / sd[j]; print "" }' \
		"$TMP/two" "$TMP/test" > "$TMP/z"
	reference "$TMP/ms" 13 "$TMP/test" > "$TMP/ref"
	close_enough "$TMP/out" "$TMP/ref"
	printf '#opml version=1 d=13 r=13\n' > "$TMP/L"
	grep -v '^#' "$TMP/ms" >> "$TMP/L"
	reference "$TMP/L" 13 "$TMP/z" > "$TMP/ref2"
	close_enough "$TMP/out" "$TMP/ref2"
}

@test "output reads back exactly: the identity model is a fixed point" {
	printf '#opml version=1 d=3 r=3\n1 0 0\n0 1 0\n0 0 1\n' > "$TMP/id"
	printf 'a 0.1 -2.5e-300 3\nb 1e22 7 0.30000000000000004\n' > "$TMP/s"
	run opml-transform -m "$TMP/id" "$TMP/s"
	[ "$status" -eq 0 ]
	opml-transform -m "$TMP/id" "$TMP/s" | opml-transform -m "$TMP/id" > "$TMP/twice"
	[ "$output" = "$(cat "$TMP/twice")" ]
	awk '{ for (i = 2; i <= NF; i++) printf "%.17g\n", $i }' "$TMP/s" > "$TMP/x"
	printf '%s\n' "$output" | awk '{ for (i = 2; i <= NF; i++) printf "%.17g\n", $i }' > "$TMP/y"
	cmp "$TMP/x" "$TMP/y"
}

@test "-l writes libsvm sparse lines that read back the same" {
	printf '#opml version=1 d=3 r=3\n1 0 0\n0 0 0\n0 0 2\n' > "$TMP/sp"
	printf '1 1 2 3\n2 0 5 0\n' > "$TMP/s"
	run opml-transform -l -m "$TMP/sp" "$TMP/s"
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "1 1:1 3:6" ]
	[ "${lines[1]}" = "2" ]
	printf '1 1:1 3:6\n' | opml-transform -m "$TMP/sp" > "$TMP/back"
	[ "$(cat "$TMP/back")" = "1 1 0 12" ]
}

@test "-o writes the whole output, and no file on error" {
	run opml-transform -m "$TMP/m" -o "$TMP/out" "$DATA/wine.txt"
	[ "$status" -eq 0 ]
	[ "$(wc -l < "$TMP/out")" -eq 178 ]
	{ cat "$DATA/wine.txt"; echo "1 2 3"; } > "$TMP/bad"
	run opml-transform -m "$TMP/m" -o "$TMP/out2" "$TMP/bad"
	[ "$status" -eq 1 ]
	[[ $output == *"bad:179: 2 features, but the model $TMP/m has 13"* ]]
	[ ! -e "$TMP/out2" ]
}

@test "model and data of different d" {
	run --separate-stderr opml-transform -m "$TMP/m" "$DATA/iris.txt"
	[ "$status" -eq 1 ]
	[ -z "$output" ]
	[[ $stderr == "opml-transform: $DATA/iris.txt:1: 4 features, but the model $TMP/m has 13" ]]
}

@test "no model, a bad model, a missing model file" {
	run opml-transform < "$DATA/iris.txt"
	[ "$status" -eq 1 ]
	[[ $output == *"stdin:1: not a model"* ]]
	run opml-transform < /dev/null
	[ "$status" -eq 1 ]
	[[ $output == *"no model"* ]]
	printf '#opml version=1 d=2 r=2\n1 0\n' > "$TMP/short"
	run opml-transform -m "$TMP/short" "$DATA/iris.txt"
	[ "$status" -eq 1 ]
	[[ $output == *"expected 2 rows of L, found 1"* ]]
	printf '#opml version=1 d=2 r=2\n1 0\n0 x\n' > "$TMP/badrow"
	run opml-transform -m "$TMP/badrow" "$DATA/iris.txt"
	[ "$status" -eq 1 ]
	[[ $output == *"badrow:3: field 2: not a finite number: 'x' (row 2 of the model's L)"* ]]
	printf '#opml version=1 d=2\n1 0\n0 1\n' > "$TMP/nor"
	run opml-transform -m "$TMP/nor" "$DATA/iris.txt"
	[ "$status" -eq 1 ]
	[[ $output == *"d= and r= are required"* ]]
	printf '#opml version=2 d=2 r=2\n1 0\n0 1\n' > "$TMP/v2"
	run opml-transform -m "$TMP/v2" "$DATA/iris.txt"
	[ "$status" -eq 1 ]
	[[ $output == *"bad value for version"* ]]
	run opml-transform -m "$TMP/nope" "$DATA/iris.txt"
	[ "$status" -eq 1 ]
	[[ $output == *"nope: No such file or directory"* ]]
}

@test "bad data lines: file and line named, lines before stay whole" {
	printf '0 1 2 3 4 5 6 7 8 9 10 11 12 13\n0 1 2 3 4 5 6 7 8 9 10 11 12 nan\n' > "$TMP/bad"
	run --separate-stderr opml-transform -m "$TMP/m" "$TMP/bad"
	[ "$status" -eq 1 ]
	[ "$(printf '%s\n' "$output" | wc -l)" -eq 1 ]
	[[ $stderr == *"bad:2: field 13: not a finite number: 'nan'"* ]]
}

@test "a closed pipe ends it quietly" {
	awk 'BEGIN { for (i = 0; i < 200000; i++) print "1 1 2 3 4 5 6 7 8 9 10 11 12 13" }' > "$TMP/big"
	run --separate-stderr bash -c "opml-transform -m '$TMP/m' '$TMP/big' | head -1"
	[ "$status" -eq 0 ]
	[ "${#lines[@]}" -eq 1 ]
	[ -z "$stderr" ]
}

@test "usage errors" {
	run opml-transform -z
	[ "$status" -eq 2 ]
	[[ $output == *"usage: opml-transform"* ]]
	run --separate-stderr opml-transform -h
	[ "$status" -eq 0 ]
	[[ $output == *"usage: opml-transform"* ]]
	[ -z "$stderr" ]
}

@test "-l output feeds libsvm's svm-train and svm-predict" {
	need svm-train libsvm-tools
	opml-transform -l -m "$TMP/m" "$DATA/wine.txt" > "$TMP/w.svm"
	svm-train -q "$TMP/w.svm" "$TMP/w.model"
	run svm-predict "$TMP/w.svm" "$TMP/w.model" "$TMP/w.pred"
	[ "$status" -eq 0 ]
	[[ $output == "Accuracy = "* ]]
	[ "$(wc -l < "$TMP/w.pred")" -eq 178 ]
}

@test "an L x beyond the largest double is an error, never printed" {
	printf '#opml version=1 d=2 r=2\n1 1\n0 1\n' > "$TMP/m2"
	printf 'a 1 2\n\nb 1e308 1e308\n' > "$TMP/big"
	run --separate-stderr opml-transform -m "$TMP/m2" "$TMP/big"
	[ "$status" -eq 1 ]
	[ "$output" = "a 3 2" ]
	[[ $stderr == *"big:3: L x overflows a double"* ]]
	# after another file, from stdin, on both parsing paths
	printf 'c 1 1\n' > "$TMP/small"
	for raw in "OPML_THREADS=1" "OPML_FEED_RAW=1"; do
		run --separate-stderr env $raw sh -c \
		    'opml-transform -m "$1" "$2" - < "$3"' sh "$TMP/m2" "$TMP/small" "$TMP/big"
		[ "$status" -eq 1 ]
		[[ $stderr == *": stdin:3: L x overflows a double" ]]
	done
}

@test "a normalizing model scales tiny and huge samples without under- or overflow" {
	printf '#opml version=1 d=2 r=2 normalize=1\n1 0\n0 1\n' > "$TMP/mn"
	printf 'a 3e-200 4e-200\nb 3e307 4e307\nc 0 0\n' > "$TMP/s"
	run opml-transform -m "$TMP/mn" "$TMP/s"
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "a 0.6 0.8" ]
	[ "${lines[1]}" = "b 0.6 0.8" ]
	[ "${lines[2]}" = "c 0 0" ]
}
