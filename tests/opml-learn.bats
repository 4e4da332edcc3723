#!/usr/bin/env bats
# opml-learn: options, formats, determinism, resume, and every error path.

load helper

# The r x d rows of L in a model (lines not starting with #).
rows() { grep -v '^#' "$1"; }

@test "learns a model block from a file" {
	run opml-learn "$DATA/iris.txt"
	show
	[ "$status" -eq 0 ]
	[[ ${lines[0]} == "#opml version=1 algorithm=opml d=4 r=4 "* ]]
	[[ ${lines[0]} == *" samples=150 "* ]]
	[[ ${lines[0]} == *" classes=3 "* ]]
	[ "$(printf '%s\n' "$output" | grep -vc '^#')" -eq 4 ]
}

@test "no operand and - both read stdin" {
	opml-learn "$DATA/iris.txt" > "$TMP/a"
	opml-learn < "$DATA/iris.txt" > "$TMP/b"
	opml-learn - < "$DATA/iris.txt" > "$TMP/c"
	cmp "$TMP/a" "$TMP/b"
	cmp "$TMP/a" "$TMP/c"
}

@test "several files are one stream" {
	head -70 "$DATA/iris.txt" > "$TMP/p1"
	tail -n +71 "$DATA/iris.txt" > "$TMP/p2"
	opml-learn "$DATA/iris.txt" > "$TMP/a"
	opml-learn "$TMP/p1" "$TMP/p2" > "$TMP/b"
	cmp "$TMP/a" "$TMP/b"
}

@test "the same seed gives the same bytes, another seed another model" {
	opml-learn -s 7 "$DATA/wine.txt" > "$TMP/a"
	opml-learn -s 7 "$DATA/wine.txt" > "$TMP/b"
	opml-learn -s 8 "$DATA/wine.txt" > "$TMP/c"
	cmp "$TMP/a" "$TMP/b"
	! cmp -s "$TMP/a" "$TMP/c"
}

@test "resume is exact: two pieces give the one-run model byte for byte" {
	for algo in opml copml; do
		opml-learn -a "$algo" -s 3 "$DATA/wine.txt" > "$TMP/full"
		head -100 "$DATA/wine.txt" | opml-learn -a "$algo" -s 3 > "$TMP/m1"
		tail -n +101 "$DATA/wine.txt" | opml-learn -m "$TMP/m1" > "$TMP/m2"
		cmp "$TMP/full" "$TMP/m2"
	done
}

@test "resume is exact, cut anywhere: standardized, with -u, with -R and COPML, with -z -g" {
	for opts in "" "-u" "-R 0.3 -a copml" "-z -g 1e-3"; do
		# shellcheck disable=SC2086
		opml-learn $opts -s 5 "$DATA/glass.txt" > "$TMP/full"
		grep -q ' standardize=1 ' "$TMP/full"
		for cut in 1 2 37 150; do
			# shellcheck disable=SC2086
			head -"$cut" "$DATA/glass.txt" | opml-learn $opts -s 5 > "$TMP/m1"
			tail -n +"$((cut + 1))" "$DATA/glass.txt" | opml-learn -i "$TMP/m1" > "$TMP/m2"
			cmp "$TMP/full" "$TMP/m2"
		done
	done
}

@test "-g is the paper's path on the data as given: without the long-run rule, the same bytes as before standardization" {
	# Both fixtures were written by opml-learn before standardization
	# existed (commit 'Fixtures: two -g models ...'), and before the
	# long-run rule (-p longrun=0, or -c 0 for the paper's update),
	# and before the header named the release.
	opml-learn -g 1e-3 -p longrun=0 "$DATA/wine.txt" | sed '1s/ release=[^ ]*//' |
	    cmp - "$BATS_TEST_DIRNAME/fixtures/learn-g-wine.model"
	opml-learn -a copml -u -g 0.1 -G 0.05 -s 3 -p longrun=0 "$DATA/balance.txt" |
	    sed '1s/ release=[^ ]*//' |
	    cmp - "$BATS_TEST_DIRNAME/fixtures/learn-g-balance-copml-n.model"
	# the rule is on with -g too, and says so
	opml-learn -g 1e-3 "$DATA/wine.txt" | head -1 | grep -q ' clip=0.5 pull=3e-05 normalize=0 '
	opml-learn -g 1e-3 -c 0 "$DATA/wine.txt" | head -1 | grep -v -q ' pull='
	opml-learn -g 1e-3 -c 0 -p pull=0.001 "$DATA/wine.txt" | head -1 | grep -q ' clip=0 pull=0.001 '
	opml-learn -g 1e-3 -c 0 -p longrun=1 "$DATA/wine.txt" | head -1 | grep -q ' clip=0 pull=3e-05 '
	opml-learn -Z -R 0.1 "$DATA/wine.txt" > "$TMP/z"
	! grep -q 'standardize\|^#mean\|^#sqdev' "$TMP/z"
}

@test "the model header names the release and commit that wrote it; an older model without them still reads" {
	want=" release=$(release)+$(commit) "
	[ "$want" != " release=+ " ]
	for opts in "" "-B" "-a itml" "-a soml -p gravity=0.2"; do
		# shellcheck disable=SC2086
		opml-learn $opts "$DATA/iris.txt" > "$TMP/m"
		[[ "$(head -1 "$TMP/m") " == "#opml version=1 "*"$want"* ]] || { echo "$opts: $(head -1 "$TMP/m")"; false; }
	done
	# The fixture was written before release= existed: it reads,
	# applies, and resumes to the same model plus the field.
	old="$BATS_TEST_DIRNAME/fixtures/learn-g-wine.model"
	! grep -q release= "$old"
	opml-transform -m "$old" "$DATA/wine.txt" > "$TMP/t"
	[ "$(wc -l < "$TMP/t")" -eq 178 ]
	opml-learn -i "$old" < /dev/null > "$TMP/r"
	[[ "$(head -1 "$TMP/r") " == *"$want" ]]
	sed '1s/ release=[^ ]*//' "$TMP/r" | cmp - "$old"
}

@test "standardization: on by default and with -R, off with -g or -Z, -z asks for it; -v says so" {
	run --separate-stderr opml-learn -v "$DATA/iris.txt"
	[[ ${lines[0]} == *" standardize=1 "* ]]
	[[ $stderr == *"standardized online"* ]]
	[ "${lines[1]%% *}" = "#mean" ]
	[ "${lines[2]%% *}" = "#sqdev" ]
	run opml-learn -R 0.2 "$DATA/iris.txt"
	[[ ${lines[0]} == *" standardize=1 "* ]]
	run --separate-stderr opml-learn -v -g 1e-3 "$DATA/iris.txt"
	[[ ${lines[0]} != *standardize* ]]
	[[ $stderr == *"not standardized"* ]]
	run opml-learn -Z "$DATA/iris.txt"
	[[ ${lines[0]} != *standardize* ]]
	run opml-learn -z -g 1e-3 "$DATA/iris.txt"
	[[ ${lines[0]} == *" standardize=1 "* ]]
	# The learned metric differs with and without it.
	opml-learn "$DATA/wine.txt" | grep -v '^#' > "$TMP/a"
	opml-learn -Z "$DATA/wine.txt" | grep -v '^#' > "$TMP/b"
	! cmp -s "$TMP/a" "$TMP/b"
}

@test "standardized, L does not depend on the features' units: a power of 2 per feature gives the same bits, a shift the same L to 1e-9" {
	# Each feature j times 2^(j - 7): the running means and spreads
	# scale exactly, so every standardized difference is the same.
	awk '{ printf "%s", $1; for (j = 2; j <= NF; j++) printf " %.17g", $j * 2 ^ (j - 8); print "" }' \
		"$DATA/wine.txt" > "$TMP/scaled"
	awk '{ printf "%s", $1; for (j = 2; j <= NF; j++) printf " %.17g", $j * 2 ^ (j - 8) + 1000 * j; print "" }' \
		"$DATA/wine.txt" > "$TMP/shifted"
	for opts in "" "-u -a copml"; do
		# shellcheck disable=SC2086
		opml-learn $opts "$DATA/wine.txt" | grep -v '^#' > "$TMP/a"
		# shellcheck disable=SC2086
		opml-learn $opts "$TMP/scaled" | grep -v '^#' > "$TMP/b"
		cmp "$TMP/a" "$TMP/b"
		# shellcheck disable=SC2086
		opml-learn $opts "$TMP/shifted" | grep -v '^#' > "$TMP/c"
		paste -d'|' "$TMP/a" "$TMP/c" | awk -F'|' '{ n = split($1, x, " "); split($2, y, " ")
			for (i = 1; i <= n; i++) { e = x[i] - y[i]; if (e < 0) e = -e; if (e > 1e-9) bad = 1 } }
			END { exit bad }'
	done
	# Unstandardized (-Z), the units matter.
	opml-learn -Z "$DATA/wine.txt" | grep -v '^#' > "$TMP/a"
	opml-learn -Z "$TMP/scaled" | grep -v '^#' > "$TMP/b"
	! cmp -s "$TMP/a" "$TMP/b"
}

@test "a resumed model keeps its standardization: -z or -Z against it is a usage error" {
	opml-learn "$DATA/iris.txt" > "$TMP/s"
	opml-learn -g 1e-3 "$DATA/iris.txt" > "$TMP/g"
	run opml-learn -Z -i "$TMP/s" /dev/null
	[ "$status" -eq 2 ]
	[[ $output == *"keeps it"* ]]
	run opml-learn -z -i "$TMP/g" /dev/null
	[ "$status" -eq 2 ]
	run opml-learn -z -i "$TMP/s" /dev/null
	[ "$status" -eq 0 ]
	# -g on resume changes the step, not the standardization.
	run opml-learn -g 1e-3 -i "$TMP/s" /dev/null
	[ "$status" -eq 0 ]
	[[ ${lines[0]} == *" step=fixed "*" standardize=1 "* ]]
}

@test "a standardized model without its #mean or #sqdev line, or a negative spread, is refused" {
	opml-learn "$DATA/iris.txt" > "$TMP/m"
	grep -v '^#mean' "$TMP/m" > "$TMP/nomean"
	run opml-learn -i "$TMP/nomean" /dev/null
	[ "$status" -eq 1 ]
	[[ $output == *"standardize=1 needs the #mean and #sqdev lines"* ]]
	grep -v '^#sqdev' "$TMP/m" > "$TMP/nosq"
	run opml-transform -m "$TMP/nosq" "$DATA/iris.txt"
	[ "$status" -eq 1 ]
	[[ $output == *nosq:* ]]
	sed '/^#sqdev/s/ \([0-9]\)/ -\1/' "$TMP/m" > "$TMP/neg"
	run opml-knn -m "$TMP/neg" "$DATA/iris.txt" "$DATA/iris.txt"
	[ "$status" -eq 1 ]
	[[ $output == *"negative #sqdev"* ]]
	sed '/^#mean/s/ 150 / x /' "$TMP/m" > "$TMP/badn"
	run opml-learn -i "$TMP/badn" /dev/null
	[ "$status" -eq 1 ]
	[[ $output == *"bad #mean line"* ]]
}

@test "resume with -g keeps the fixed step" {
	opml-learn -g 0.001 -s 3 "$DATA/wine.txt" > "$TMP/full"
	head -60 "$DATA/wine.txt" | opml-learn -g 0.001 -s 3 > "$TMP/m1"
	tail -n +61 "$DATA/wine.txt" | opml-learn -m "$TMP/m1" > "$TMP/m2"
	cmp "$TMP/full" "$TMP/m2"
}

@test "resume from an empty stream gives the model back" {
	opml-learn "$DATA/iris.txt" > "$TMP/m"
	run opml-learn -m "$TMP/m" /dev/null
	[ "$status" -eq 0 ]
	[ "$output" = "$(cat "$TMP/m")" ]
}

@test "-i refuses another rank, dimension or seed" {
	opml-learn "$DATA/iris.txt" > "$TMP/m"
	run opml-learn -m "$TMP/m" -r 2 "$DATA/iris.txt"
	[ "$status" -eq 2 ]
	run opml-learn -m "$TMP/m" -s 9 "$DATA/iris.txt"
	[ "$status" -eq 2 ]
	run --separate-stderr opml-learn -m "$TMP/m" "$DATA/wine.txt"
	[ "$status" -eq 1 ]
	[ "$stderr" = "opml-learn: $DATA/wine.txt:1: 13 features, but the model $TMP/m has 4" ] || { show; false; }
}

# An independent OPML in awk for two classes (the random pick is then
# forced) and d = 2, with the 2 x 2 inverse written out; with rule=1,
# the long-run rule after every 16th update: L scaled by a to bring
# s^2 = trace M / 2 into [1e-4, 1], then (1 - 16 pull) L + 16 pull
# s I, s the scale after it.
@test "matches an independent 2-d OPML with explicit inverses, with and without the long-run rule" {
	awk 'BEGIN { srand(11); for (i = 0; i < 300; i++) {
		c = i % 3 == 0 ? 1 : 0
		printf "%d %.6f %.6f\n", c, 0.5 * rand() + c * 0.3, 0.5 * rand() - c * 0.2 } }' > "$TMP/s"
	for rule in 0 1; do
	opml-learn -g 0.2 -p longrun=$rule -p pull=0.002 "$TMP/s" | grep -v '^#' > "$TMP/ours"
	awk -v g=0.2 -v rule=$rule -v pull=0.002 '
	{ y = $1; x1 = $2; x2 = $3
	  if (!(y in h1)) { h1[y] = x1; h2[y] = x2; next }
	  o = 1 - y
	  if (!(o in h1)) { h1[y] = x1; h2[y] = x2; next }
	  a1 = x1 - h1[y]; a2 = x2 - h2[y]; b1 = x1 - h1[o]; b2 = x2 - h2[o]
	  h1[y] = x1; h2[y] = x2
	  u1 = L11 * a1 + L12 * a2; u2 = L21 * a1 + L22 * a2
	  v1 = L11 * b1 + L12 * b2; v2 = L21 * b1 + L22 * b2
	  if (1 + u1 * u1 + u2 * u2 - v1 * v1 - v2 * v2 <= 0) next
	  m11 = 1 + g * (a1 * a1 - b1 * b1); m12 = g * (a1 * a2 - b1 * b2)
	  m22 = 1 + g * (a2 * a2 - b2 * b2); det = m11 * m22 - m12 * m12
	  if (det <= 0.25) { print "clipping case: pick other data" > "/dev/stderr"; exit 1 }
	  i11 = m22 / det; i12 = -m12 / det; i22 = m11 / det
	  n11 = L11 * i11 + L12 * i12; n12 = L11 * i12 + L12 * i22
	  n21 = L21 * i11 + L22 * i12; n22 = L21 * i12 + L22 * i22
	  L11 = n11; L12 = n12; L21 = n21; L22 = n22; steps++
	  if (rule && steps % 16 == 0) {
		s2 = (L11 * L11 + L12 * L12 + L21 * L21 + L22 * L22) / 2
		a = s2 > 1 ? sqrt(1 / s2) : s2 < 1e-4 ? sqrt(1e-4 / s2) : 1
		f = (1 - 16 * pull) * a; p = 16 * pull * a * sqrt(s2)
		L11 = f * L11 + p; L12 *= f; L21 *= f; L22 = f * L22 + p } }
	BEGIN { L11 = 1; L12 = 0; L21 = 0; L22 = 1 }
	END { if (steps < 48) { print "too few steps" > "/dev/stderr"; exit 1 }
	      printf "%.17g %.17g\n%.17g %.17g\n", L11, L12, L21, L22 }' "$TMP/s" > "$TMP/ref"
	paste -d' ' "$TMP/ours" "$TMP/ref" | awk '{
		for (i = 1; i <= 2; i++) { e = $i - $(i + 2); if (e < 0) e = -e
		  if (e > 1e-12) { print "differs: " $0; bad = 1 } } }
		END { exit bad }'
	done
	# the rule changed L
	opml-learn -g 0.2 "$TMP/s" > "$TMP/on"
	opml-learn -g 0.2 -p longrun=0 "$TMP/s" > "$TMP/off"
	! cmp -s <(grep -v '^#' "$TMP/on") <(grep -v '^#' "$TMP/off")
}

@test "-r gives an r x d model" {
	run opml-learn -r 2 "$DATA/wine.txt"
	[ "$status" -eq 0 ]
	[[ ${lines[0]} == *" d=13 r=2 "* ]]
	[ "$(printf '%s\n' "$output" | grep -v '^#' | wc -l)" -eq 2 ]
	[ "$(printf '%s\n' "$output" | grep -v '^#' | awk '{print NF}' | sort -u)" = 13 ]
	run opml-learn -r 14 "$DATA/wine.txt"
	[ "$status" -eq 2 ]
	[[ $output == *"-r 14: more than d=13"* ]]
}

@test "-a copml makes pre-stage updates on a cold start" {
	run opml-learn -a copml -v "$DATA/iris.txt"
	[ "$status" -eq 0 ]
	[[ ${lines[0]} == *"algorithm=copml"* ]]
	[[ $output == *"49 pre-stage updates"* ]]
	run opml-learn -a nosuch "$DATA/iris.txt"
	[ "$status" -eq 2 ]
}

@test "-g is the paper's gamma exactly; the default is 1e-3 on standardized samples" {
	run opml-learn -g 0.001 "$DATA/iris.txt"
	[[ ${lines[0]} == *"step=fixed gamma=0.001 gamma1=0.001 "* ]]
	run opml-learn -g 0.001 -G 0.5 "$DATA/iris.txt"
	[[ ${lines[0]} == *"step=fixed gamma=0.001 gamma1=0.5 "* ]]
	run opml-learn "$DATA/iris.txt"
	[[ ${lines[0]} == *"step=fixed gamma=0.001 gamma1=0.001 "*" standardize=1 "* ]]
	run opml-learn -R 0.3 "$DATA/iris.txt"
	[[ ${lines[0]} == *"step=relative gamma=0.3 gamma1=0.3 "* ]]
}

@test "-u marks the model normalize=1; -v reports the counts on stderr" {
	run --separate-stderr opml-learn -u -v "$DATA/iris.txt"
	[ "$status" -eq 0 ]
	[[ ${lines[0]} == *"normalize=1"* ]]
	[[ $stderr == *"150 samples, 3 classes"* ]]
	[[ $stderr == *"triplets"*"updates"*"inactive"*"clipped"* ]]
}

@test "-v: a count of one is singular (1 sample, 1 class, 1 triplet), others plural" {
	printf '1 1 2\n' > "$TMP/one"
	run --separate-stderr opml-learn -v "$TMP/one"
	[ "$status" -eq 0 ]
	[[ $stderr == *"opml-learn: 1 sample, 1 class, d=2 r=2, "* ]] || { show; false; }
	[[ $stderr == *"opml-learn: 0 triplets, 0 updates, 0 inactive hinges, 0 pre-stage updates, 0 clipped steps "* ]] || { show; false; }
	# two classes, three samples: the model's header counts one
	# triplet and one update
	printf '1 1 2\n2 1 2\n1 3 3\n' > "$TMP/three"
	run --separate-stderr opml-learn -v -P 1 "$TMP/three"
	[ "$status" -eq 0 ]
	[[ ${lines[0]} == *" triplets=1 updates=1 "* ]] || { show; false; }
	[[ $stderr == *"opml-learn: 1 sample, "*"/s, 0 updates, active hinges 0% of the last 0 triplets"* ]] || { show; false; }
	[[ $stderr == *"opml-learn: 3 samples, 2 classes, d=2 r=2, "* ]] || { show; false; }
	[[ $stderr == *"opml-learn: 1 triplet, 1 update, 0 inactive hinges, "* ]] || { show; false; }
	run --separate-stderr opml-learn -a oasis -v "$TMP/one"
	[[ $stderr == *"opml-learn: 1 sample, d=2 r=2 (similarity W), "* ]] || { show; false; }
}

@test "sparse, comma-separated, CRLF, comments and blank lines read the same" {
	opml-learn -s 1 "$DATA/iris.txt" > "$TMP/ref"
	awk '{ printf "%s", $1; for (i = 2; i <= NF; i++) printf " %d:%s", i - 1, $i; print "" }' \
		"$DATA/iris.txt" > "$TMP/sparse"
	run opml-learn -s 1 "$TMP/sparse"
	[ "$output" = "$(cat "$TMP/ref")" ]
	tr ' ' ',' < "$DATA/iris.txt" > "$TMP/csv"
	run opml-learn -s 1 "$TMP/csv"
	[ "$output" = "$(cat "$TMP/ref")" ]
	{ echo '# iris'; echo; sed 's/$/\r/' "$DATA/iris.txt"; } > "$TMP/crlf"
	run opml-learn -s 1 "$TMP/crlf"
	[ "$output" = "$(cat "$TMP/ref")" ]
}

@test "sparse input with zeros left out: d from the whole file, -d from a pipe" {
	printf 'a 1:1\nb 3:2\na 2:1 3:0.5\nb 1:0.5\n' > "$TMP/sp"
	run opml-learn -d 3 "$TMP/sp"
	[ "$status" -eq 0 ]
	[[ ${lines[0]} == *" d=3 "* ]]
	[ "$(opml-learn "$TMP/sp")" = "$output" ]
	run opml-learn - < "$TMP/sp"
	[ "$status" -eq 1 ]
	[[ $output == *"stdin:2: field 1: index 3 out of range 1..1"* ]]
}

@test "-o writes the file whole, and nothing on error" {
	run opml-learn -o "$TMP/m" "$DATA/iris.txt"
	[ "$status" -eq 0 ]
	[ -z "$output" ]
	opml-learn "$DATA/iris.txt" | cmp - "$TMP/m"
	printf '1 2 3\n1 2\n' > "$TMP/bad"
	run opml-learn -o "$TMP/m2" "$TMP/bad"
	[ "$status" -eq 1 ]
	[ ! -e "$TMP/m2" ]
	[ "$(ls "$TMP" | grep -c tmp)" -eq 0 ]
}

@test "one class only: says so and writes the identity model" {
	printf 'a 1 2\na 3 4\na 5 7\n' > "$TMP/one"
	run --separate-stderr opml-learn "$TMP/one"
	[ "$status" -eq 0 ]
	[[ $stderr == *"only one class"* ]]
	[ "$(printf '%s\n' "$output" | grep -v '^#')" = "$(printf '1 0\n0 1')" ]
}

# Each bad input: exit 1, one line naming file and line, nothing on stdout.
bad_input() {
	printf "$1" > "$TMP/in"
	run --separate-stderr opml-learn "$TMP/in"
	echo "status=$status stdout=$output stderr=$stderr"
	[ "$status" -eq 1 ]
	[ -z "$output" ]
	[[ $stderr == "opml-learn: "*"$2"* ]]
	[ "$(printf '%s\n' "$stderr" | wc -l)" -eq 1 ]
}

@test "ragged row" {
	bad_input '1 2 3\n1 2 3\n2 5\n' "in:3: expected 2 features, found 1"
}

@test "non-numeric token" {
	bad_input '1 2 3\n2 4 x7\n' "in:2: field 2: not a finite number: 'x7'"
}

@test "nan, inf and 1e999 are refused" {
	bad_input '1 2 3\n2 nan 1\n' "in:2: field 1: not a finite number: 'nan'"
	bad_input '1 2 3\n2 1 inf\n' "in:2: field 2: not a finite number: 'inf'"
	bad_input '1 2 3\n2 1e999 1\n' "in:2: field 1: not a finite number: '1e999'"
	bad_input '1 2 3\n2 0x10 1\n' "in:2: field 1: not a finite number: '0x10'"
}

@test "a label without features, an empty field" {
	# A label alone is libsvm's sample of zeros (opml-formats(5)) where d is known;
	# not where it would fix d.
	bad_input '2\n1 2 3\n' "in:1: no features after the label"
	bad_input '1,2,3\n2,4,\n' "in:2: field 2: empty"
}

@test "empty input is an error" {
	bad_input '' "no samples in the input"
	bad_input '# only a comment\n\n' "no samples in the input"
}

@test "binary junk with NUL bytes" {
	printf '1 2 3\n2 \001\000\377 4\n' > "$TMP/in"
	run --separate-stderr opml-learn "$TMP/in"
	[ "$status" -eq 1 ]
	[ -z "$output" ]
	[[ $stderr == *"in:2: a NUL byte in the line"* ]]
	printf '1 2 3\n2 \001\377 4\n' > "$TMP/in"
	run --separate-stderr opml-learn "$TMP/in"
	[ "$status" -eq 1 ]
	[[ $stderr == *"in:2: field 1: not a number (binary data)"* ]]
	head -c 100000 /dev/urandom > "$TMP/junk"
	run --separate-stderr opml-learn "$TMP/junk"
	[ "$status" -eq 1 ]
	[ -z "$output" ]
	[[ $stderr == "opml-learn: "*"junk:"* ]]
}

@test "a 1 MB line: read whole, refused cleanly when ragged" {
	{ echo "1 1 2"; awk 'BEGIN { printf "#"; for (i = 0; i < 200000; i++) printf " 0.125"; print "" }'; echo "2 3 4"; } > "$TMP/long"
	run opml-learn "$TMP/long"
	[ "$status" -eq 0 ]
	{ echo "1 1 2"; awk 'BEGIN { printf "2"; for (i = 0; i < 200000; i++) printf " 0.125"; print "" }'; } > "$TMP/long2"
	run opml-learn "$TMP/long2"
	[ "$status" -eq 1 ]
	[[ $output == *"long2:2: expected 2 features, found more"* ]]
}

@test "unknown option and bad option values are usage errors" {
	run opml-learn -x "$DATA/iris.txt"
	[ "$status" -eq 2 ]
	[[ $output == *"usage: opml-learn"* ]]
	run opml-learn -g -1 "$DATA/iris.txt"
	[ "$status" -eq 2 ]
	[[ $output == *"-g -1: too small"* ]]
	run opml-learn -g abc "$DATA/iris.txt"
	[ "$status" -eq 2 ]
	[[ $output == *"-g abc: not a number"* ]]
	run opml-learn -r 0 "$DATA/iris.txt"
	[ "$status" -eq 2 ]
	run opml-learn -s -3 "$DATA/iris.txt"
	[ "$status" -eq 2 ]
	run opml-learn -y
	[ "$status" -eq 2 ]
	[[ $output == *"usage: opml-learn"* ]]
}

@test "a missing file is named" {
	run opml-learn "$TMP/nope"
	[ "$status" -eq 1 ]
	[[ $output == "opml-learn: $TMP/nope: No such file or directory" ]]
}

@test "huge values never give a non-finite model" {
	awk 'BEGIN { srand(5); for (i = 0; i < 400; i++) printf "%d %.3e %.3e\n", i % 4, (rand() - 0.5) * 1e300, (rand() - 0.5) * 1e-300 }' > "$TMP/huge"
	for g in "" "-g 0.001" "-g 100"; do
		run opml-learn $g "$TMP/huge"
		[[ $status -eq 0 || $status -eq 1 ]]
		! printf '%s\n' "$output" | grep -qi 'nan\|inf'
	done
}

@test "a model block with a wrong shape is refused" {
	opml-learn "$DATA/iris.txt" > "$TMP/m"
	sed '1s/ r=4 / r=5 /' "$TMP/m" > "$TMP/m5"
	run opml-learn -m "$TMP/m5" /dev/null
	[ "$status" -eq 1 ]
	[[ $output == *"bad shape r=5 d=4"* ]]
	sed '1s/ r=4 / r=3 /' "$TMP/m" > "$TMP/m3r"
	run opml-learn -m "$TMP/m3r" /dev/null
	[ "$status" -eq 1 ]
	[[ $output == *"m3r:12: more lines after the model's 3 rows"* ]]
	sed '1s/ d=4 / d=3 /;1s/ r=4 / r=3 /' "$TMP/m" > "$TMP/m3"
	run opml-learn -m "$TMP/m3" /dev/null
	[ "$status" -eq 1 ]
	[[ $output == *"bad #mean line"* ]]
	head -n -1 "$TMP/m" > "$TMP/short"
	run opml-learn -m "$TMP/short" /dev/null
	[ "$status" -eq 1 ]
	[[ $output == *"expected 4 rows of L, found 3"* ]]
	echo "not a model" > "$TMP/junk"
	run opml-learn -m "$TMP/junk" /dev/null
	[ "$status" -eq 1 ]
	[[ $output == *"junk:1: not a model"* ]]
}

@test "-c sets the guard; -c 0 turns it off; the model keeps it for resume" {
	run --separate-stderr opml-learn -v -g 0.3 "$DATA/wine.txt"
	[[ ${lines[0]} == *" clip=0.5 "* ]]
	[[ $stderr == *"(13 not positive definite)"* || $stderr == *"not positive definite"* ]]
	[[ ${lines[0]} != *" clipped=0 "* ]]
	run opml-learn -c 0 -g 0.3 "$DATA/wine.txt"
	[ "$status" -eq 0 ]
	[[ ${lines[0]} == *" clip=0 "*" clipped=0 "* ]]
	opml-learn -c 0.2 -g 0.3 -s 4 "$DATA/wine.txt" > "$TMP/full"
	head -90 "$DATA/wine.txt" | opml-learn -c 0.2 -g 0.3 -s 4 > "$TMP/m1"
	tail -n +91 "$DATA/wine.txt" | opml-learn -m "$TMP/m1" > "$TMP/m2"
	cmp "$TMP/full" "$TMP/m2"
	run opml-learn -c 1 "$DATA/wine.txt"
	[ "$status" -eq 2 ]
}

@test "-o onto a device writes through it, leaving it a device" {
	run opml-learn -o /dev/null "$DATA/iris.txt"
	[ "$status" -eq 0 ]
	[ -c /dev/null ]
	opml-learn -o "$TMP/m" "$DATA/iris.txt"
	[ "$(stat -c %a "$TMP/m")" = "$(umask -S >/dev/null; printf '%o' $(( 0666 & ~$(umask) )))" ]
}

@test "values near the largest double: the model and its state stay finite" {
	printf 'a 1e308 1e308\nb -1e308 1e308\na 1e308 -1e308\nb 5 5\na 1 2\nb -1e308 -1e308\n' > "$TMP/big"
	for opts in "" "-u" "-g 0.001" "-a copml"; do
		run opml-learn $opts "$TMP/big"
		[ "$status" -eq 0 ]
		! printf '%s\n' "$output" | grep -qi 'nan\|inf'
		printf '%s\n' "$output" > "$TMP/m"
		run opml-learn -m "$TMP/m" "$TMP/big"
		[ "$status" -eq 0 ]
	done
}

@test "data far from unit scale: the default step learns, never diverges" {
	# With a relative step, g ~ 1/|a|^2: g^2 |a|^2 and |a|^2 |b|^2
	# over- or underflowed for iris in units of 1e-80 or 1e80, and the
	# guarded default reported a diverged model.
	for e in -150 -80 80 150; do
		awk -v e="$e" '{ printf "%s", $1
		    for (i = 2; i <= NF; i++) printf " %se%d", $i, e
		    print "" }' "$DATA/iris.txt" > "$TMP/s"
		for algo in "opml -Z -R 0.1" "copml -Z -R 0.1" opml copml; do
			# shellcheck disable=SC2086
			run --separate-stderr opml-learn -a $algo "$TMP/s"
			show
			[ "$status" -eq 0 ]
			[ -z "$stderr" ]
			[[ ${lines[0]} != *" updates=0 "* ]]
			! printf '%s\n' "$output" | grep -qi 'nan\|inf'
		done
	done
	# Where even g aa leaves the range of a double the step is
	# skipped and counted, and the model stays finite.  (Standardized,
	# the squared spread underflows to 0 and the features with it.)
	awk '{ printf "%s", $1; for (i = 2; i <= NF; i++) printf " %se-162", $i
	    print "" }' "$DATA/iris.txt" > "$TMP/s"
	run opml-learn -Z -R 0.1 "$TMP/s"
	[ "$status" -eq 0 ]
	[[ ${lines[0]} == *" nonpd="[1-9]* ]]
	run opml-learn "$TMP/s"
	[ "$status" -eq 0 ]
	! printf '%s\n' "$output" | grep -qi 'nan\|inf'
	printf '%s\n' "$output" | opml-transform "$TMP/s" > "$TMP/y"
	! grep -qi 'nan\|inf' "$TMP/y"
}

@test "a dimension too large for a square model asks for -r" {
	printf 'a 30000:1\nb 2:1\na 3:1\n' > "$TMP/sp"
	run opml-learn "$TMP/sp"
	[ "$status" -eq 1 ]
	[[ $output == *"cannot hold a 30000 x 30000 model (-r sets fewer rows)"* ]]
	run opml-learn -r 2 "$TMP/sp"
	[ "$status" -eq 0 ]
	[[ ${lines[0]} == *" d=30000 r=2 "* ]]
}

# The learner's kernels run on AVX-512, AVX2 or plain code as the
# machine allows (OPML_SIMD names a lower path); each lane does the same
# operations in the same order on every path, so the model is the same
# to the byte.  Shapes: d a multiple of 8 and not, r odd and even,
# standardized, fixed g, unit samples, COPML, a rank.
@test "the model's bytes do not depend on the vector path" {
	awk 'BEGIN { srand(3); for (i = 0; i < 3000; i++) {
		c = int(rand() * 5); printf "%d", c
		for (j = 0; j < 64; j++) {
			s = j < 32 ? 3 : 3e-3
			printf " %.6g", c * (j % 3) * 0.2 + (rand() - 0.5) * s
		}
		printf "\n" } }' > "$TMP/d64"
	cut -d' ' -f1-22 "$TMP/d64" > "$TMP/d21"
	for opts in "" "-g 0.01" "-u" "-a copml" "-r 5" "-r 3 -g 0.001" "-Z -R 0.1"; do
		for f in "$TMP/d64" "$TMP/d21" "$DATA/ionosphere.txt" "$DATA/wine.txt"; do
			OPML_SIMD=avx512vbmi2 opml-learn -s 2 $opts "$f" > "$TMP/m512v"
			OPML_SIMD=avx512 opml-learn -s 2 $opts "$f" > "$TMP/m512"
			OPML_SIMD=avx2 opml-learn -s 2 $opts "$f" > "$TMP/m256"
			OPML_SIMD=sse2 opml-learn -s 2 $opts "$f" > "$TMP/m128"
			cmp "$TMP/m512v" "$TMP/m512"
			cmp "$TMP/m512" "$TMP/m256"
			cmp "$TMP/m512" "$TMP/m128"
		done
	done
}

@test "a first line's value that is a number out of range (nan, inf, 1e999, hexadecimal) is not taken for a header; a word is" {
	for v in nan -inf 1e999 0x1p9999; do
		printf 'a %s 3\nb 1 2\n' "$v" > "$TMP/in"
		run --separate-stderr opml-learn "$TMP/in"
		[ "$status" -eq 1 ]
		[ "$stderr" = "opml-learn: $TMP/in:1: field 1: not a finite number: '$v'" ] || { show; false; }
	done
	printf 'label width height\n1 2 3\n' > "$TMP/in"
	run --separate-stderr opml-learn "$TMP/in"
	[ "$stderr" = "opml-learn: $TMP/in:1: field 1: not a finite number: 'width' (a header? see -H)" ]
	printf ',1,2\n' > "$TMP/in"
	run --separate-stderr opml-learn "$TMP/in"
	[[ $stderr == *"(a header? see -H)" ]]
}

@test "-Y: a bad value's message names the line's column beside the feature's number" {
	# on 9e64f68 'field 2' alone, which after -Y 2 is the label's column
	for y in 2 -2; do
		printf '1 a 2\n5 b x\n' > "$TMP/in"
		run --separate-stderr opml-learn -Y $y "$TMP/in"
		[ "$status" -eq 1 ]
		[ "$stderr" = "opml-learn: $TMP/in:2: field 2 (column 3): not a finite number: 'x'" ]
	done
	printf '1 2 a\nx 2 b\n' > "$TMP/in"
	# before the label, field and column are one number: nothing added
	run --separate-stderr opml-learn -Y 3 "$TMP/in"
	[ "$stderr" = "opml-learn: $TMP/in:2: field 1: not a finite number: 'x'" ]
	printf '1,a,,4\n' > "$TMP/in"
	run --separate-stderr opml-learn -Y 2 "$TMP/in"
	[ "$stderr" = "opml-learn: $TMP/in:1: field 2 (column 3): empty" ]
	# the label first: the fields as before
	printf 'a 1 2\nb 5 x\n' > "$TMP/in"
	run --separate-stderr opml-learn "$TMP/in"
	[ "$stderr" = "opml-learn: $TMP/in:2: field 2: not a finite number: 'x'" ]
}
