#!/usr/bin/env bats
# opml-learn -a: the paper's rivals, their parameters and errors, exact
# resume of the streaming ones, and the model contract of similarity
# models (opml-transform refuses them, opml-knn and opml-pairs rank by
# x'Wz).

load helper

rows() { grep -v '^#' "$1"; }

# A tiny set of two classes, for hand checks.
tiny() {
	printf '%s\n' 'a 0 0' 'a 0.1 0.2' 'b 3 3' 'b 3.2 2.9' 'a 0.2 -0.1' \
	    'b 2.8 3.1' 'a -0.1 0' 'b 3 3.3' 'c 0 3' 'c 0.2 3.1' 'c -0.1 2.8' \
	    > "$TMP/tiny.txt"
}

@test "every rival writes its model block with its name and state line" {
	for a in rdml oasis pola lego soml; do
		run opml-learn -a "$a" "$DATA/iris.txt"
		show
		[ "$status" -eq 0 ]
		[[ ${lines[0]} == "#opml version=1 algorithm=$a d=4 "* ]]
		printf '%s\n' "$output" | grep -q "^#$a "
	done
}

@test "oasis and soml write a similarity block of d rows; the others L" {
	for a in oasis soml; do
		opml-learn -a "$a" "$DATA/iris.txt" > "$TMP/m"
		head -1 "$TMP/m" | grep -q ' form=similarity$'
		head -1 "$TMP/m" | grep -q ' r=4 '
		[ "$(rows "$TMP/m" | wc -l)" -eq 4 ]
	done
	for a in rdml pola lego; do
		opml-learn -a "$a" "$DATA/iris.txt" > "$TMP/m"
		! head -1 "$TMP/m" | grep -q 'form=similarity'
	done
}

@test "-p sets a parameter, which the state line records" {
	run opml-learn -a oasis -p C=0.5 "$DATA/iris.txt"
	[ "$status" -eq 0 ]
	printf '%s\n' "$output" | grep -q '^#oasis C=0.5 '
	run opml-learn -a soml -p eta=0.2 -p K=1 -p constraints=100 \
	    "$DATA/iris.txt"
	[ "$status" -eq 0 ]
	printf '%s\n' "$output" | grep -q \
	    '^#soml eta=0.2 gravity=0.0001 K=1 constraints=100 triplets=100 '
	run opml-learn -a lego -p eta=1 -p low=10 -p high=90 "$DATA/iris.txt"
	[ "$status" -eq 0 ]
	printf '%s\n' "$output" | grep -q '^#lego eta=1 constraints=10000 low=10 high=90 every=1 '
	run opml-learn -a rdml -p lambda=0.01 -p threshold=4 "$DATA/iris.txt"
	[ "$status" -eq 0 ]
	printf '%s\n' "$output" | grep -q '^#rdml lambda=0.01 threshold=4 pairs=149 '
	run opml-learn -a pola -p constraints=50 "$DATA/iris.txt"
	[ "$status" -eq 0 ]
	printf '%s\n' "$output" | grep -q '^#pola constraints=50 similar=0 pairs=50 '
}

@test "a parameter changes the model" {
	opml-learn -a oasis "$DATA/wine.txt" > "$TMP/a"
	opml-learn -a oasis -p C=0.01 "$DATA/wine.txt" > "$TMP/b"
	! cmp -s <(rows "$TMP/a") <(rows "$TMP/b")
	opml-learn -a lego "$DATA/wine.txt" > "$TMP/a"
	opml-learn -a lego -p eta=0.1 "$DATA/wine.txt" > "$TMP/b"
	! cmp -s <(rows "$TMP/a") <(rows "$TMP/b")
}

@test "lego: every pair steps by default (LEGO's squared loss); every=0 only the pairs beyond their targets" {
	updates() { sed -n 's/^#lego .* updates=\([0-9]*\) .*/\1/p' "$1"; }
	opml-learn -a lego -p constraints=500 -o "$TMP/a" "$DATA/iris.txt"
	grep -q '^#lego .* every=1 similar=0 pairs=500 ' "$TMP/a"
	opml-learn -a lego -p constraints=500 -p every=0 -o "$TMP/b" "$DATA/iris.txt"
	# Every pair steps but one met exactly (a percentile pair itself at
	# M = I); the constraint form leaves a pair within its target alone:
	# fewer steps, another model.
	[ "$(updates "$TMP/a")" -ge 495 ] || { cat "$TMP/a"; false; }
	u=$(updates "$TMP/b")
	[ "$u" -gt 0 ] && [ "$u" -lt 400 ] || { echo "updates $u"; false; }
	! cmp -s <(rows "$TMP/a") <(rows "$TMP/b")
	run opml-learn -a lego -p every=2 "$DATA/iris.txt"
	[ "$status" -eq 2 ]
}

@test "a seed gives the same bytes, another seed another model" {
	for a in oasis pola lego soml; do
		opml-learn -a "$a" -s 3 "$DATA/wine.txt" > "$TMP/a"
		opml-learn -a "$a" -s 3 "$DATA/wine.txt" > "$TMP/b"
		opml-learn -a "$a" -s 4 "$DATA/wine.txt" > "$TMP/c"
		cmp "$TMP/a" "$TMP/b"
		! cmp -s <(rows "$TMP/a") <(rows "$TMP/c")
	done
}

@test "rdml and oasis resume exactly: two runs give the bytes of one" {
	head -60 "$DATA/wine.txt" > "$TMP/p1"
	tail -n +61 "$DATA/wine.txt" > "$TMP/p2"
	for a in rdml oasis; do
		opml-learn -a "$a" -s 5 "$DATA/wine.txt" > "$TMP/whole"
		opml-learn -a "$a" -s 5 "$TMP/p1" > "$TMP/half"
		opml-learn -i "$TMP/half" "$TMP/p2" > "$TMP/resumed"
		cmp "$TMP/whole" "$TMP/resumed"
	done
}

@test "oasis -p random=N: N triplets drawn from the whole set, as the paper draws them; no resume" {
	printf 'a 1 0\na 0 1\nb 2 2\n' > "$TMP/three"
	# One triplet: x = (1,0) or (0,1), its classmate, v = classmate -
	# (2,2); hinge 1 - x'v = 3, tau = min(0.1, 3 / (|x|^2 |v|^2 = 5)).
	for s in 1 2 3 4 5 6; do
		run opml-learn -a oasis -p random=1 -s $s "$TMP/three"
		[ "$status" -eq 0 ]
		printf '%s\n' "$output" | grep -q '^#oasis C=0.1 random=1 triplets=1 updates=1 capped=1$'
		w=$(printf '%s\n' "$output" | grep -v '^#' | tr '\n' ' ')
		[ "$w" = "0.8 -0.1 0 1 " ] || [ "$w" = "1 0 -0.1 0.8 " ]
		[ "$w" = "0.8 -0.1 0 1 " ] && a=1 || b=1
	done
	[ "$a$b" = 11 ]
	opml-learn -a oasis -p random=100 -o "$TMP/m" "$DATA/iris.txt"
	opml-knn -m "$TMP/m" "$DATA/iris.txt" "$DATA/iris.txt" > /dev/null
	run --separate-stderr opml-learn -a oasis -p random=100 -i "$TMP/m" "$DATA/iris.txt"
	[ "$status" -eq 2 ]
	[[ $stderr == *"oasis reads the training set whole"* ]]
	run --separate-stderr opml-learn -a oasis -p random=100 -C 10 -o "$TMP/m2" "$DATA/iris.txt"
	[ "$status" -eq 2 ]
	run --separate-stderr opml-learn -a oasis -p random=-1 "$DATA/iris.txt"
	[ "$status" -eq 2 ]
}

@test "a parameter given with -i wins over the model's" {
	opml-learn -a oasis "$DATA/iris.txt" > "$TMP/m"
	run opml-learn -i "$TMP/m" -p C=0.3 "$DATA/iris.txt"
	[ "$status" -eq 0 ]
	printf '%s\n' "$output" | grep -q '^#oasis C=0.3 random=0 triplets=248 '
}

@test "the methods that read the set whole do not resume" {
	for a in pola lego soml; do
		opml-learn -a "$a" "$DATA/iris.txt" > "$TMP/m"
		run --separate-stderr opml-learn -a "$a" -i "$TMP/m" \
		    "$DATA/iris.txt"
		[ "$status" -eq 2 ]
		[ "$stderr" = "opml-learn: -i: $a reads the training set whole; it does not resume" ]
	done
}

@test "a model of another method cannot resume a rival" {
	opml-learn -a oasis "$DATA/iris.txt" > "$TMP/m"
	run --separate-stderr opml-learn -a rdml -i "$TMP/m" "$DATA/iris.txt"
	[ "$status" -eq 1 ]
	[[ $stderr == *"an oasis model cannot resume rdml"* ]]
}

@test "a linear model of any method starts OPML; a similarity one cannot" {
	opml-learn -a pola "$DATA/iris.txt" > "$TMP/m"
	run opml-learn -i "$TMP/m" "$DATA/iris.txt"
	show
	[ "$status" -eq 0 ]
	[[ ${lines[0]} == "#opml version=1 algorithm=opml d=4 "* ]]
	! printf '%s\n' "$output" | grep -q '^#pola '
	opml-learn -a soml "$DATA/iris.txt" > "$TMP/s"
	run --separate-stderr opml-learn -i "$TMP/s" -a opml "$DATA/iris.txt"
	[ "$status" -eq 1 ]
	[[ $stderr == *"a similarity model (soml) has no L to start opml from"* ]]
}

@test "-v prints the method's own counts" {
	run --separate-stderr opml-learn -v -a rdml "$DATA/iris.txt"
	[ "$status" -eq 0 ]
	[[ $stderr == *"opml-learn: rdml lambda=0.1 threshold=1 pairs=149 updates="*" shortened="*" blocked="* ]]
	run --separate-stderr opml-learn -v -a pola "$DATA/iris.txt"
	[ "$status" -eq 0 ]
	[[ $stderr == *"opml-learn: pola constraints=10000 similar=0 pairs=10000 classmates="*" updates="*" projections="* ]]
}

@test "pola, lego: -p similar=F draws a fraction F of same-class pairs; 0, uniform pairs" {
	similar() { sed -n "s/^#$1 .* classmates=\([0-9]*\) .*/\1/p" "$TMP/m"; }
	for a in pola lego; do
		opml-learn -a $a -p similar=1 -p constraints=1001 -o "$TMP/m" "$DATA/glass.txt"
		[ "$(similar $a)" -eq 1001 ]
		opml-learn -a $a -p similar=1e-9 -p constraints=1001 -o "$TMP/m" "$DATA/glass.txt"
		[ "$(similar $a)" -eq 0 ]
		# 2000 draws at 0.7: 1400 +- 4 standard deviations (20.5)
		opml-learn -a $a -p similar=0.7 -p constraints=2000 -o "$TMP/m" "$DATA/glass.txt"
		n=$(similar $a)
		[ "$n" -gt 1318 ] && [ "$n" -lt 1482 ] || { echo "$a similar $n"; false; }
		# uniform pairs of glass are of one class about a quarter of
		# the time (its six classes' sizes: 0.26)
		opml-learn -a $a -p constraints=2000 -o "$TMP/m" "$DATA/glass.txt"
		n=$(similar $a)
		[ "$n" -gt 440 ] && [ "$n" -lt 600 ] || { echo "$a similar $n"; false; }
	done
}

@test "parameter errors are usage errors that name the parameter" {
	run --separate-stderr opml-learn -a rdml -p eta=1 "$DATA/iris.txt"
	[ "$status" -eq 2 ]
	[[ $stderr == *"-p eta=1: rdml has no parameter eta"* ]]
	run --separate-stderr opml-learn -a oasis -p C=-1 "$DATA/iris.txt"
	[ "$status" -eq 2 ]
	[[ $stderr == *"-p C=-1: not a number in the parameter's range"* ]]
	run --separate-stderr opml-learn -a soml -p K=1.5 "$DATA/iris.txt"
	[ "$status" -eq 2 ]
	run --separate-stderr opml-learn -a oasis -p C "$DATA/iris.txt"
	[ "$status" -eq 2 ]
	[[ $stderr == *"-p C: expected name=value"* ]]
	run --separate-stderr opml-learn -a nosuch "$DATA/iris.txt"
	[ "$status" -eq 2 ]
	[[ $stderr == *"-a nosuch: expected opml, copml, "* ]]
}

@test "OPML's options are refused with a rival" {
	for o in "-g 0.1" "-R 0.1" "-G 0.1" "-c 0.2" "-u"; do
		run --separate-stderr opml-learn -a lego $o "$DATA/iris.txt"
		[ "$status" -eq 2 ]
		[[ $stderr == *": not an option of lego (opml and copml only)"* ]]
	done
	run --separate-stderr opml-learn -a lego -r 2 "$DATA/iris.txt"
	[ "$status" -eq 2 ]
	[[ $stderr == *"-r: not an option of lego (opml, copml and pca only)"* ]]
}

@test "one class only, or one sample: an error for the set readers" {
	grep '^1 ' "$DATA/iris.txt" > "$TMP/one"
	for a in pola lego soml; do
		run --separate-stderr opml-learn -a "$a" "$TMP/one"
		[ "$status" -eq 1 ]
		[[ $stderr == *"-a $a: every sample is of one class: no constraint"* ]]
	done
	head -1 "$DATA/iris.txt" > "$TMP/single"
	run --separate-stderr opml-learn -a pola "$TMP/single"
	[ "$status" -eq 1 ]
	[[ $stderr == *"fewer than 2 samples"* ]]
	printf 'a 1 2\nb 3 4\nc 5 6\n' > "$TMP/singles"
	for a in soml "pola -p similar=0.5" "lego -p similar=0.5"; do
		run --separate-stderr opml-learn -a $a "$TMP/singles"
		[ "$status" -eq 1 ]
		[[ $stderr == *"no class has two samples: no same-class constraint"* ]]
	done
	# uniform pairs need no two rows of a class
	opml-learn -a pola "$TMP/singles" > /dev/null
}

@test "opml-transform refuses a similarity model with one line" {
	tiny
	for a in oasis soml; do
		opml-learn -a "$a" "$TMP/tiny.txt" > "$TMP/m"
		run --separate-stderr opml-transform -m "$TMP/m" "$TMP/tiny.txt"
		[ "$status" -eq 1 ]
		[ -z "$output" ]
		[ "$(printf '%s\n' "$stderr" | wc -l)" -eq 1 ]
		[[ $stderr == *"a similarity model ($a, x'Wz) has no map L x"* ]]
	done
}

@test "opml-knn under a similarity model predicts argmax x'Wz (awk)" {
	tiny
	printf '%s\n' 'a 0.3 0.1' 'b 2.5 2.9' 'c 0.1 2.5' 'a 1 1' 'b 2 3' \
	    'c -1 4' > "$TMP/test.txt"
	for a in oasis soml; do
		opml-learn -a "$a" -p "$([ $a = oasis ] && echo C=1 || echo eta=0.5)" \
		    "$TMP/tiny.txt" > "$TMP/m"
		opml-knn -k 1 -m "$TMP/m" "$TMP/tiny.txt" "$TMP/test.txt" \
		    > "$TMP/got" 2> /dev/null
		awk 'FNR == NR && /^#/ { next }
		    FNR == NR { W[++r, 1] = $1; W[r, 2] = $2; next }
		    FILENAME ~ /tiny/ { n++; y[n] = $1; t1[n] = $2; t2[n] = $3;
		        next }
		    { best = ""; for (i = 1; i <= n; i++) {
		        s = $2 * (W[1,1] * t1[i] + W[1,2] * t2[i])
		        s += $3 * (W[2,1] * t1[i] + W[2,2] * t2[i])
		        if (best == "" || s > best) { best = s; c = y[i] } }
		      print $1, c }' "$TMP/m" "$TMP/tiny.txt" "$TMP/test.txt" \
		    > "$TMP/want"
		cmp "$TMP/got" "$TMP/want"
	done
}

@test "opml-pairs under a similarity model scores -x'Wz" {
	tiny
	opml-learn -a oasis "$TMP/tiny.txt" > "$TMP/m"
	printf '0 2\n1 8\n' > "$TMP/list"
	run opml-pairs -m "$TMP/m" -p "$TMP/list" "$TMP/tiny.txt"
	show
	[ "$status" -eq 0 ]
	# rows 0 = (0, 0) and 2 = (3, 3): x = 0, score 0; rows 1 = (0.1,
	# 0.2) and 8 = (0, 3): -(0.1 (W11 0 + W12 3) + 0.2 (W21 0 + W22 3))
	want=$(rows "$TMP/m" | awk 'NR == 1 { a = $2 } NR == 2 { b = $2 }
	    END { printf "%.12f", -(0.1 * 3 * a + 0.2 * 3 * b) }')
	[ "${lines[0]}" = "0 0" ]
	got=$(printf '%s\n' "${lines[1]}" | awk '{ printf "%.12f", $1 }')
	[ "$got" = "$want" ]
	run opml-pairs -m "$TMP/m" -n 3 "$TMP/tiny.txt"
	[ "$status" -eq 0 ]
	[ "${#lines[@]}" -eq 6 ]
}

@test "rdml's L reproduces its M: opml-pairs scores z'Mz" {
	opml-learn -a rdml "$DATA/iris.txt" > "$TMP/m"
	printf '0 60\n10 120\n70 140\n' > "$TMP/list"
	opml-pairs -m "$TMP/m" -p "$TMP/list" "$DATA/iris.txt" > "$TMP/got"
	awk 'FNR == NR && /^#M / { r++; for (j = 2; j <= NF; j++)
	        M[r, j - 1] = $j; next }
	    FNR == NR { next }
	    FILENAME ~ /list/ { a[++np] = $1; b[np] = $2; next }
	    { x[FNR - 1] = $0 }
	    END { for (p = 1; p <= np; p++) {
	        split(x[a[p]], u); split(x[b[p]], v); s = 0
	        for (i = 1; i <= r; i++) for (j = 1; j <= r; j++)
	            s += (u[i+1] - v[i+1]) * M[i, j] * (u[j+1] - v[j+1])
	        printf "%.17g\n", s } }' "$TMP/m" "$TMP/list" "$DATA/iris.txt" \
	    > "$TMP/want"
	paste "$TMP/got" "$TMP/want" | awk '{ d = $1 - $3; if (d < 0) d = -d
	    if (d > 1e-9 * ($3 > 1 ? $3 : 1)) { print "bad", $0; exit 1 } }'
}

# --- The batch learners: mahalanobis, itml, lmnn, pca, covariance. ---

# Three columns, two classes, the third column nearly a sum of the
# first two (well conditioned still); and a copy whose third column is
# exactly their sum (a singular covariance).
tiny3() {
	printf '%s\n' 'a 1 2 3.1' 'a 2 1 2.9' 'a 1.5 1.8 3.5' 'a 0.5 2.5 2.8' \
	    'b 4 5 9.2' 'b 5 4 8.7' 'b 4.5 5.5 10.4' 'b 3.9 4.2 8.0' \
	    > "$TMP/t3.txt"
	awk '{ print $1, $2, $3, $2 + $3 }' "$TMP/t3.txt" > "$TMP/sing.txt"
}

# The sample covariance (n - 1) of the rows of a sample file, "i j
# value" lines, i, j from 1.
cov_awk() {
	awk '!/^#/ { n++; for (j = 2; j <= NF; j++) { x[n, j - 1] = $j
	        s[j - 1] += $j }; d = NF - 1 }
	    END { for (i = 1; i <= d; i++) for (j = 1; j <= d; j++) {
	        c = 0; for (r = 1; r <= n; r++)
	            c += (x[r, i] - s[i] / n) * (x[r, j] - s[j] / n)
	        printf "%d %d %.17g\n", i, j, c / (n - 1) } }' "$1"
}

# M = L'L of a model's rows, "i j value" lines.
gram_awk() {
	grep -v '^#' "$1" | awk '{ r++; for (j = 1; j <= NF; j++) L[r, j] = $j
	        d = NF }
	    END { for (i = 1; i <= d; i++) for (j = 1; j <= d; j++) {
	        s = 0; for (k = 1; k <= r; k++) s += L[k, i] * L[k, j]
	        printf "%d %d %.17g\n", i, j, s } }'
}

# The inverse of a 3 x 3 matrix given as "i j value" lines, by its
# cofactors, after adding lambda to the diagonal.
inv3_awk() {
	awk -v lam="$1" '{ A[$1, $2] = $3 + ($1 == $2 ? lam : 0) }
	    END {
	    for (i = 1; i <= 3; i++) for (j = 1; j <= 3; j++) {
	        i1 = i % 3 + 1; i2 = (i + 1) % 3 + 1
	        j1 = j % 3 + 1; j2 = (j + 1) % 3 + 1
	        C[i, j] = A[i1, j1] * A[i2, j2] - A[i1, j2] * A[i2, j1] }
	    det = A[1, 1] * C[1, 1] + A[1, 2] * C[1, 2] + A[1, 3] * C[1, 3]
	    for (i = 1; i <= 3; i++) for (j = 1; j <= 3; j++)
	        printf "%d %d %.17g\n", i, j, C[j, i] / det }'
}

# Two "i j value" files agree to a relative tol ($3) of the largest
# entry.
close_to() {
	paste "$1" "$2" | awk -v tol="$3" '{ v[NR] = $3 - $6; a = $6 < 0 ? -$6 : $6
	        if (a > big) big = a }
	    END { for (i = 1; i <= NR; i++) { e = v[i] < 0 ? -v[i] : v[i]
	        if (!(e <= tol * big)) { print "entry", i, "off by", e, "of", big
	            exit 1 } } }'
}

@test "every batch learner writes a linear block named after it, with its line" {
	for a in mahalanobis itml lmnn pca covariance; do
		run opml-learn -a "$a" "$DATA/wine.txt"
		[ "$status" -eq 0 ] || { echo "$a"; show; false; }
		[[ ${lines[0]} == "#opml version=1 algorithm=$a d=13 r=13 "* ]] || { show; false; }
		! printf '%s\n' "${lines[0]}" | grep -q 'form=similarity'
		printf '%s\n' "$output" | grep -q "^#$a"
		[ "$(printf '%s\n' "$output" | grep -vc '^#')" -eq 13 ]
		! printf '%s\n' "$output" | grep -qi 'nan\|inf'
	done
}

@test "mahalanobis: L'L is the inverse of the ridged covariance (awk cofactors)" {
	tiny3
	opml-learn -a mahalanobis "$TMP/t3.txt" > "$TMP/m"
	cov_awk "$TMP/t3.txt" > "$TMP/S"
	lam=$(awk '{ if ($1 == $2) t += $3 } END { printf "%.17g", 1e-6 * t / 3 }' "$TMP/S")
	grep -q "^#mahalanobis ridge=1e-06 lambda=" "$TMP/m"
	got=$(sed -n 's/^#mahalanobis .*lambda=\([^ ]*\).*/\1/p' "$TMP/m")
	awk -v a="$got" -v b="$lam" 'BEGIN { exit !(a - b < 1e-18 && b - a < 1e-18) }'
	inv3_awk "$lam" < "$TMP/S" > "$TMP/want"
	gram_awk "$TMP/m" > "$TMP/got"
	close_to "$TMP/got" "$TMP/want" 1e-9
	# another ridge, the same check
	opml-learn -a mahalanobis -p ridge=0.5 "$TMP/t3.txt" > "$TMP/m"
	lam=$(awk '{ if ($1 == $2) t += $3 } END { printf "%.17g", 0.5 * t / 3 }' "$TMP/S")
	inv3_awk "$lam" < "$TMP/S" > "$TMP/want"
	gram_awk "$TMP/m" > "$TMP/got"
	close_to "$TMP/got" "$TMP/want" 1e-12
}

@test "mahalanobis: a singular covariance gets the ridge, never NaN; ridge 0 or constant columns are errors" {
	tiny3
	# columns x1, x2, x1 + x2: S singular, S + lambda I inverted
	cp "$TMP/sing.txt" "$TMP/s3.txt"
	run opml-learn -a mahalanobis "$TMP/s3.txt"
	[ "$status" -eq 0 ] || { show; false; }
	! printf '%s\n' "$output" | grep -qi 'nan\|inf'
	printf '%s\n' "$output" > "$TMP/m"
	cov_awk "$TMP/s3.txt" > "$TMP/S"
	lam=$(awk '{ if ($1 == $2) t += $3 } END { printf "%.17g", 1e-6 * t / 3 }' "$TMP/S")
	inv3_awk "$lam" < "$TMP/S" > "$TMP/want"
	gram_awk "$TMP/m" > "$TMP/got"
	close_to "$TMP/got" "$TMP/want" 1e-6
	# a constant column: its weight is 1 / lambda, finite
	awk '{ print $1, $2, 7, $3 }' "$TMP/t3.txt" > "$TMP/c.txt"
	run opml-learn -a mahalanobis "$TMP/c.txt"
	[ "$status" -eq 0 ]
	! printf '%s\n' "$output" | grep -qi 'nan\|inf'
	run --separate-stderr opml-learn -a mahalanobis -p ridge=0 "$TMP/s3.txt"
	[ "$status" -eq 1 ]
	[[ $stderr == *"-a mahalanobis: the covariance is singular"* ]]
	[ -z "$output" ]
	awk '{ print $1, 1, 2, 3 }' "$TMP/t3.txt" > "$TMP/const.txt"
	run --separate-stderr opml-learn -a mahalanobis "$TMP/const.txt"
	[ "$status" -eq 1 ]
	[[ $stderr == *"every column constant"* ]]
}

@test "covariance: L'L is the sample covariance (awk)" {
	tiny3
	opml-learn -a covariance "$TMP/t3.txt" > "$TMP/m"
	cov_awk "$TMP/t3.txt" > "$TMP/want"
	gram_awk "$TMP/m" > "$TMP/got"
	close_to "$TMP/got" "$TMP/want" 1e-12
	# singular: fewer rows, still L'L = S
	awk '{ print $1, $2, $3, $2 + $3 }' "$TMP/t3.txt" > "$TMP/s3.txt"
	opml-learn -a covariance "$TMP/s3.txt" > "$TMP/m"
	[ "$(grep -vc '^#' "$TMP/m")" -le 3 ]
	cov_awk "$TMP/s3.txt" > "$TMP/want"
	gram_awk "$TMP/m" > "$TMP/got"
	close_to "$TMP/got" "$TMP/want" 1e-12
}

@test "pca: -r rows, orthonormal, the top eigenvector of a 2-d covariance (closed form)" {
	opml-learn -a pca -r 2 "$DATA/wine.txt" > "$TMP/m"
	head -1 "$TMP/m" | grep -q ' r=2 '
	grep -q '^#pca whiten=0 rank=2 variance=' "$TMP/m"
	grep -v '^#' "$TMP/m" | awk '{ for (j = 1; j <= NF; j++) L[NR, j] = $j; d = NF }
	    END { for (a = 1; a <= NR; a++) for (b = 1; b <= NR; b++) {
	        s = 0; for (j = 1; j <= d; j++) s += L[a, j] * L[b, j]
	        e = s - (a == b); if (e < 0) e = -e
	        if (e > 1e-12) { print a, b, s; exit 1 } } }'
	# 2-d: the eigenvector of [[a b] [b c]] for the larger eigenvalue,
	# signed so that its larger entry is positive
	awk '{ print $1, $2, $5 }' "$DATA/wine.txt" > "$TMP/w2"
	opml-learn -a pca -r 1 "$TMP/w2" > "$TMP/m"
	cov_awk "$TMP/w2" | awk '{ C[$1, $2] = $3 }
	    END { a = C[1, 1]; b = C[1, 2]; c = C[2, 2]
	    l = (a + c) / 2 + sqrt(((a - c) / 2) ^ 2 + b * b)
	    x = b; y = l - a; n = sqrt(x * x + y * y); x /= n; y /= n
	    if ((x < 0 ? -x : x) >= (y < 0 ? -y : y)) { if (x < 0) { x = -x; y = -y } }
	    else if (y < 0) { x = -x; y = -y }
	    printf "%.17g %.17g\n", x, y }' > "$TMP/want"
	grep -v '^#' "$TMP/m" > "$TMP/got"
	paste -d' ' "$TMP/got" "$TMP/want" | awk '{ for (j = 1; j <= 2; j++) {
	    e = $j - $(j + 2); if (e < 0) e = -e; if (e > 1e-9) exit 1 } }'
}

@test "pca -p whiten=1: the projected training set has unit variance along every row" {
	opml-learn -a pca -r 3 -p whiten=1 "$DATA/iris.txt" > "$TMP/m"
	grep -q '^#pca whiten=1 rank=3 ' "$TMP/m"
	opml-transform -m "$TMP/m" "$DATA/iris.txt" > "$TMP/y"
	cov_awk "$TMP/y" | awk '{ e = $3 - ($1 == $2); if (e < 0) e = -e
	    if (e > 1e-9) { print; exit 1 } }'
}

@test "pca: -r beyond d, -r for another batch learner, whiten=2: usage errors" {
	run --separate-stderr opml-learn -a pca -r 5 "$DATA/iris.txt"
	[ "$status" -eq 2 ]
	[[ $stderr == *"-r 5: more than d=4"* ]]
	run --separate-stderr opml-learn -a lmnn -r 2 "$DATA/iris.txt"
	[ "$status" -eq 2 ]
	[[ $stderr == *"-r: not an option of lmnn"* ]]
	run --separate-stderr opml-learn -a pca -p whiten=2 "$DATA/iris.txt"
	[ "$status" -eq 2 ]
	run --separate-stderr opml-learn -a itml -g 0.1 "$DATA/iris.txt"
	[ "$status" -eq 2 ]
}

@test "itml -p tune=1: gamma from 1e-4..1e4 by cross-validation, the model of that gamma" {
	opml-scale "$DATA/wine.txt" > "$TMP/w"
	run opml-learn -a itml -p tune=1 -s 3 "$TMP/w"
	[ "$status" -eq 0 ]
	line=$(printf '%s\n' "$output" | grep '^#itml ')
	[[ $line == *" tune=1 "* ]]
	g=$(printf '%s\n' "$line" | sed -n 's/.* tuned_gamma=\([^ ]*\) cv_accuracy=\([^ ]*\)$/\1/p')
	a=$(printf '%s\n' "$line" | sed -n 's/.* cv_accuracy=\([^ ]*\)$/\1/p')
	case $g in 0.0001|0.001|0.01|0.1|1|10|100|1000|10000) ;; *) false ;; esac
	awk -v a="$a" 'BEGIN { exit !(a > 0.5 && a <= 1) }'
	# the same M as ITML run with that gamma outright
	printf '%s\n' "$output" | sed '1,/^#itml/d' > "$TMP/a"
	opml-learn -a itml -p gamma="$g" -s 3 "$TMP/w" | sed '1,/^#itml/d' > "$TMP/b"
	[ -s "$TMP/a" ]
	cmp "$TMP/a" "$TMP/b"
	run --separate-stderr opml-learn -a itml -p tune=2 "$TMP/w"
	[ "$status" -eq 2 ]
}

@test "-p sets the batch learners' parameters, which their line records" {
	run opml-learn -a itml -p gamma=10 -p constraints=50 -p tol=0.001 -p max_iter=500 "$DATA/iris.txt"
	[ "$status" -eq 0 ]
	printf '%s\n' "$output" | grep -q '^#itml gamma=10 factor=40 constraints=50 lower=0 upper=0 tol=0.001 max_iter=500 tune=0 pairs=50 '
	run opml-learn -a itml -p lower=1 -p upper=20 "$DATA/iris.txt"
	[ "$status" -eq 0 ]
	printf '%s\n' "$output" | grep -q '^#itml .* same=1 other=20$'
	run opml-learn -a itml -p factor=2 "$DATA/iris.txt"
	printf '%s\n' "$output" | grep -q '^#itml gamma=1 factor=2 .* pairs=12 '
	run opml-learn -a lmnn -p k=2 -p mu=0.25 -p max_iter=20 "$DATA/iris.txt"
	[ "$status" -eq 0 ]
	printf '%s\n' "$output" | grep -q '^#lmnn k=2 mu=0.25 step=1e-07 grow=1.01 max_iter=20 tol=1e-07 min_step=1e-22 targets=300 '
	printf '%s\n' "$output" | grep -q ' iterations=20 '
	run --separate-stderr opml-learn -a itml -p lower=1 "$DATA/iris.txt"
	[ "$status" -eq 2 ]
	[[ $stderr == *"lower and upper"* ]]
	run --separate-stderr opml-learn -a lmnn -p mu=2 "$DATA/iris.txt"
	[ "$status" -eq 2 ]
	run --separate-stderr opml-learn -a covariance -p ridge=1 "$DATA/iris.txt"
	[ "$status" -eq 2 ]
	[[ $stderr == *"covariance has no parameter ridge"* ]]
}

@test "-v prints each batch learner's own counts" {
	run --separate-stderr opml-learn -v -a itml "$DATA/iris.txt"
	[ "$status" -eq 0 ]
	[[ $stderr == *"opml-learn: itml gamma=1 "*" pairs="*" active="*" iterations="*" projections="*" converged="* ]] || { show; false; }
	run --separate-stderr opml-learn -v -a lmnn -p max_iter=30 "$DATA/iris.txt"
	[ "$status" -eq 0 ]
	[[ $stderr == *"opml-learn: lmnn k=3 "*" targets=450 active="*" iterations=30 projections="*" searches="*" converged=0 loss="* ]] || { show; false; }
	run --separate-stderr opml-learn -v -a mahalanobis "$DATA/iris.txt"
	[[ $stderr == *"opml-learn: 150 samples, d=4 r=4, "*"mahalanobis ridge=1e-06 lambda="* ]]
	run --separate-stderr opml-learn -v -a pca -r 2 "$DATA/iris.txt"
	[[ $stderr == *"pca whiten=0 rank=2 variance=0.9"* ]] || { show; false; }
}

@test "itml: a seed gives the same bytes, another seed another model" {
	opml-learn -a itml -s 3 "$DATA/wine.txt" > "$TMP/a"
	opml-learn -a itml -s 3 "$DATA/wine.txt" > "$TMP/b"
	opml-learn -a itml -s 4 "$DATA/wine.txt" > "$TMP/c"
	cmp "$TMP/a" "$TMP/b"
	! cmp -s <(rows "$TMP/a") <(rows "$TMP/c")
}

@test "lmnn: the reported objective is the objective of L'L (awk, brute force)" {
	tiny
	opml-learn -a lmnn -p k=2 -p max_iter=50 "$TMP/tiny.txt" > "$TMP/m"
	loss=$(sed -n 's/^#lmnn .* loss=\([^ ]*\).*/\1/p' "$TMP/m")
	gram_awk "$TMP/m" > "$TMP/M"
	want=$(awk -v k=2 -v mu=0.5 'FNR == NR { M[$1, $2] = $3; next }
	    { n++; y[n] = $1; x[n, 1] = $2; x[n, 2] = $3 }
	    function D(i, j,   a, b) { a = x[i, 1] - x[j, 1]; b = x[i, 2] - x[j, 2]
	        return a * a * M[1, 1] + 2 * a * b * M[1, 2] + b * b * M[2, 2] }
	    function E(i, j,   a, b) { a = x[i, 1] - x[j, 1]; b = x[i, 2] - x[j, 2]
	        return a * a + b * b }
	    END { f = 0
	    for (i = 1; i <= n; i++) {
	        for (t = 1; t <= k; t++) {	# the t-th nearest classmate, ties to the lower row
	            best = 0
	            for (j = 1; j <= n; j++) if (j != i && y[j] == y[i] && !(used[i, j])) {
	                if (best == 0 || E(i, j) < E(i, best)) best = j }
	            used[i, best] = 1
	            f += (1 - mu) * D(i, best)
	            for (l = 1; l <= n; l++) if (y[l] != y[i]) {
	                h = 1 + D(i, best) - D(i, l); if (h > 0) f += mu * h }
	        } }
	    printf "%.17g\n", f }' "$TMP/M" "$TMP/tiny.txt")
	awk -v a="$loss" -v b="$want" 'BEGIN { e = a - b; if (e < 0) e = -e
	    exit !(e <= 1e-9 * (b > 1 ? b : 1)) }' || { echo "loss $loss, by awk $want"; false; }
}

@test "lmnn: a class with k samples or fewer is an error naming it; one class only" {
	printf '%s\n' 'a 0 0' 'a 1 0' 'a 0 1' 'a 1 1' 'b 5 5' 'b 6 5' 'b 5 6' \
	    'rare 9 9' 'rare 9 8' > "$TMP/few.txt"
	run --separate-stderr opml-learn -a lmnn "$TMP/few.txt"
	[ "$status" -eq 1 ]
	[ -z "$output" ]
	[[ $stderr == *"-a lmnn: class "*" has fewer than k + 1 = 4 samples"* ]] || { show; false; }
	[[ $stderr == *"class b "* || $stderr == *"class rare "* ]]
	run opml-learn -a lmnn -p k=1 "$TMP/few.txt"
	[ "$status" -eq 0 ]
	grep '^1 ' "$DATA/iris.txt" > "$TMP/one"
	for a in itml lmnn; do
		run --separate-stderr opml-learn -a "$a" "$TMP/one"
		[ "$status" -eq 1 ]
		[[ $stderr == *"-a $a: "*"one class"* ]] || { show; false; }
	done
	# so when itml tunes its gamma first
	run --separate-stderr opml-learn -a itml -p tune=1 "$TMP/one"
	[ "$status" -eq 1 ]
	[ -z "$output" ]
	[[ $stderr == *"-a itml: "*"one class"* ]] || { show; false; }
	head -1 "$DATA/iris.txt" > "$TMP/single"
	for a in mahalanobis itml lmnn pca covariance; do
		run --separate-stderr opml-learn -a "$a" "$TMP/single"
		[ "$status" -eq 1 ]
		[[ $stderr == *"fewer than 2 samples"* ]]
	done
}

@test "the batch learners do not resume; -C and -P are refused" {
	for a in mahalanobis itml lmnn pca covariance; do
		opml-learn -a "$a" "$DATA/iris.txt" > "$TMP/m"
		# the message names the option given, -m here
		run --separate-stderr opml-learn -a "$a" -m "$TMP/m" "$DATA/iris.txt"
		[ "$status" -eq 2 ]
		[ "$stderr" = "opml-learn: -m: $a reads the training set whole; it does not resume" ]
	done
	run --separate-stderr opml-learn -a lmnn -P 10 "$DATA/iris.txt"
	[ "$status" -eq 2 ]
}

@test "the batch models apply: opml-pairs scores |L(x - z)|^2 = (x - z)'M(x - z), opml-transform and opml-knn take them" {
	tiny3
	printf '0 5\n2 7\n' > "$TMP/list"
	for a in mahalanobis itml lmnn pca covariance; do
		opml-learn -a "$a" "$TMP/t3.txt" > "$TMP/m"
		gram_awk "$TMP/m" > "$TMP/M"
		opml-pairs -m "$TMP/m" -p "$TMP/list" "$TMP/t3.txt" > "$TMP/got"
		awk 'FNR == NR { M[$1, $2] = $3; next }
		    FILENAME ~ /list/ { a[++np] = $1 + 1; b[np] = $2 + 1; next }
		    { for (j = 2; j <= NF; j++) x[FNR, j - 1] = $j }
		    END { for (p = 1; p <= np; p++) { s = 0
		        for (i = 1; i <= 3; i++) for (j = 1; j <= 3; j++)
		            s += (x[a[p], i] - x[b[p], i]) * M[i, j] * (x[a[p], j] - x[b[p], j])
		        printf "%.17g\n", s } }' "$TMP/M" "$TMP/list" "$TMP/t3.txt" > "$TMP/want"
		paste -d' ' "$TMP/got" "$TMP/want" | awk '{ e = $1 - $3; if (e < 0) e = -e
		    if (e > 1e-9 * ($3 > 1 ? $3 : 1)) { print "bad", $0; exit 1 } }' || { echo "$a"; false; }
		opml-transform -m "$TMP/m" "$TMP/t3.txt" > /dev/null
		opml-knn -e -k 1 -m "$TMP/m" "$TMP/t3.txt" "$TMP/t3.txt" > /dev/null 2>&1
	done
}

@test "opml-learn -m pca.model starts OPML from the projection" {
	opml-scale "$DATA/wine.txt" > "$TMP/w.z"
	opml-learn -a pca -r 4 "$TMP/w.z" > "$TMP/pca.model"
	# a stream of one class makes no triplet: L stays the projection
	grep '^1 ' "$TMP/w.z" > "$TMP/one"
	run --separate-stderr opml-learn -m "$TMP/pca.model" "$TMP/one"
	[ "$status" -eq 0 ]
	[[ ${lines[0]} == "#opml version=1 algorithm=opml d=13 r=4 step=fixed gamma=0.001 "* ]] || { show; false; }
	[[ ${lines[0]} == *" seed=0 classes=1 samples=$(wc -l < "$TMP/one") triplets=0 "* ]] || { show; false; }
	[[ ${lines[0]} != *"standardize=1"* ]]
	cmp <(rows "$TMP/pca.model") <(printf '%s\n' "$output" | grep -v '^#')
	# the whole set: OPML's steps from there, rank 4, its own counts
	run opml-learn -m "$TMP/pca.model" "$TMP/w.z"
	[ "$status" -eq 0 ]
	[[ ${lines[0]} == *" r=4 "*" samples=178 "* ]]
	! printf '%s\n' "$output" | grep -q '^#pca '
	# -i is the same; the seed may be set; -z cannot change the preprocessing
	opml-learn -i "$TMP/pca.model" -s 2 "$TMP/w.z" | head -1 | grep -q ' seed=2 '
	run --separate-stderr opml-learn -m "$TMP/pca.model" -z "$TMP/w.z"
	[ "$status" -eq 2 ]
	[[ $stderr == *"-z: the model is not standardized; a starting model keeps it"* ]]
	run --separate-stderr opml-learn -m "$TMP/pca.model" -r 3 "$TMP/w.z"
	[ "$status" -eq 2 ]
	# COPML starts from it too
	opml-learn -a copml -m "$TMP/pca.model" "$TMP/w.z" | head -1 | grep -q 'algorithm=copml d=13 r=4 '
}

@test "lmnn at d = 310 converges within its iteration bound, with no projection (63 rows, the size of lsvt's training half)" {
	# the work counted, not the time taken: the machine's speed is no
	# measure (each projection costs an O(d^3) eigendecomposition)
	awk 'BEGIN { srand(7); for (i = 0; i < 63; i++) { c = i % 2; printf "%d", c
	    for (j = 0; j < 310; j++) printf " %.4f", rand() + (j < 5 ? c : 0); printf "\n" } }' > "$TMP/big.txt"
	run opml-learn -a lmnn "$TMP/big.txt"
	[ "$status" -eq 0 ]
	[[ ${lines[0]} == "#opml version=1 algorithm=lmnn d=310 "* ]]
	# the header, then the method's state line: no key or line of OPML's
	[[ ${lines[1]} == "#lmnn "*" converged=1 "* ]]
	it=$(sed -n 's/.* iterations=\([0-9]*\) .*/\1/p' <<< "${lines[1]}")
	[ "$it" -gt 0 ] && [ "$it" -lt 1000 ]
	[[ ${lines[1]} == *" projections=0 "* ]]
}

# --- Exhausted memory, damaged states, degenerate sets. ---

# each_alloc_fails PROG ARGS...: PROG -o m ARGS (run in $TMP/o) once
# under tests/fault.so to count its allocations, then once with each
# allocation in turn failing: each run ends 0 with the model of the
# first, or 1 with one line "opml-learn: ..." that says memory ran out
# (no other cause), and no file left; never a crash.
# (tests/slow/allocs.bats does the same for OPML.)
each_alloc_fails() {
	local n count rc err o="$TMP/o"
	rm -rf "$o"
	mkdir "$o"
	env -C "$o" OPML_THREADS=1 OPML_FAULT_COUNT="$TMP/count" \
	    LD_PRELOAD="$TOP/tests/fault.so" "$1" -o m "${@:2}" 2> /dev/null
	mv "$o/m" "$TMP/ref"
	count=$(< "$TMP/count")
	[ "$count" -gt 0 ]
	for ((n = 1; n <= count; n++)); do
		rc=0
		env -C "$o" OPML_THREADS=1 OPML_FAULT_ALLOC=$n \
		    LD_PRELOAD="$TOP/tests/fault.so" "$1" -o m "${@:2}" \
		    2> "$TMP/stderr" || rc=$?
		if [ "$rc" -eq 0 ]; then
			cmp "$o/m" "$TMP/ref"
			rm "$o/m"
			continue
		fi
		err=$(< "$TMP/stderr")
		# (a temporary .opml-XXXXXX left would show as a dot file)
		if [ "$rc" -ne 1 ] || [[ $err == *$'\n'* ]] ||
		    [[ $err != "opml-learn: "* ]] ||
		    [ -n "$(ls -A "$o")" ] ||
		    ! [[ $err == *"out of memory" || $err == *"cannot hold a "* ||
		    $err == *": Cannot allocate memory" ]]; then
			echo "$1 -o m ${*:2}: allocation $n of $count: exit $rc"
			printf '%s\n' "$err"
			ls -A "$o"
			return 1
		fi
	done
}

@test "any allocation of any method may fail: the model, or exit 1 with one line" {
	skip_if_sanitized "LD_PRELOAD cannot interpose"
	tiny
	# a constant third column: LMNN and PCA work in the 2 directions
	# that vary
	awk '{ print $0, 5 }' "$TMP/tiny.txt" > "$TMP/flat.txt"
	# two classes interleaved, so that POLA projects, LMNN has
	# impostors and steps out of the PSD cone
	printf '%s\n' 'a 0 0 5' 'b 0.5 0.1 5' 'a 1 0 5' 'b 1.5 0.2 5' \
	    'a 2 0.1 5' 'b 2.5 0 5' 'a 3 0.2 5' 'b 3.5 0.1 5' > "$TMP/inter.txt"
	for a in rdml oasis mahalanobis covariance; do
		each_alloc_fails opml-learn -a $a -v "$TMP/tiny.txt"
	done
	# a singular covariance: its L comes from an eigendecomposition
	awk '{ print $0, $2 + $3 }' "$TMP/tiny.txt" > "$TMP/sing.txt"
	each_alloc_fails opml-learn -a covariance "$TMP/sing.txt"
	for a in lego soml; do
		each_alloc_fails opml-learn -a $a -p constraints=30 "$TMP/tiny.txt"
	done
	each_alloc_fails opml-learn -a oasis -p random=30 "$TMP/tiny.txt"
	each_alloc_fails opml-learn -a pola -p constraints=10 "$TMP/inter.txt"
	each_alloc_fails opml-learn -a itml -p constraints=30 "$TMP/flat.txt"
	each_alloc_fails opml-learn -a lmnn -p k=2 -p step=1 -p max_iter=5 \
	    "$TMP/inter.txt"
	each_alloc_fails opml-learn -a pca -p whiten=1 "$TMP/flat.txt"
	for a in rdml oasis; do
		opml-learn -a $a "$TMP/tiny.txt" > "$TMP/$a.m"
		each_alloc_fails opml-learn -i "$TMP/$a.m" "$TMP/tiny.txt"
	done
}

# resume_fails MODEL SED MESSAGE: MODEL edited by SED cannot resume its
# method: exit 1, one line naming the model file and MESSAGE.
resume_fails() {
	sed "$2" "$1" > "$TMP/bad.m"
	! cmp -s "$1" "$TMP/bad.m"
	run --separate-stderr opml-learn -i "$TMP/bad.m" "$TMP/tiny.txt"
	[ "$status" -eq 1 ] || { echo "$2"; show; return 1; }
	[ -z "$output" ]
	[[ $stderr == "opml-learn: $TMP/bad.m: model: $3" ]] || { echo "$2"; show; return 1; }
}

@test "a damaged rdml or oasis state does not resume: the model file and what is wrong" {
	tiny
	opml-learn -a rdml "$TMP/tiny.txt" > "$TMP/r.m"
	opml-learn -a oasis "$TMP/tiny.txt" > "$TMP/o.m"
	resume_fails "$TMP/r.m" 's/^#rdml .*/#rdml pairs=x/' "bad #rdml line"
	resume_fails "$TMP/r.m" 's/^#rdml .*/#rdml pairs/' "bad #rdml line"
	resume_fails "$TMP/r.m" 's/^#rdml .*/#rdml pairs=-1/' "bad #rdml line"
	resume_fails "$TMP/r.m" 's/ pairs=[0-9]* / pairs=1e20 /' "bad #rdml line"
	# a parameter outside its range (lambda > 0, threshold > 0, C > 0)
	resume_fails "$TMP/r.m" 's/ lambda=0.1 / lambda=-1 /' "bad #rdml line"
	resume_fails "$TMP/r.m" 's/ threshold=1 / threshold=0 /' "bad #rdml line"
	resume_fails "$TMP/o.m" 's/ C=0.1 / C=0 /' "bad #oasis line"
	resume_fails "$TMP/r.m" '/^#rdml /d' "no rdml state to resume (#rdml and #M)"
	resume_fails "$TMP/r.m" '/^#M /{x;/^$/d;x}' \
	    "no rdml state to resume (#rdml and #M)"
	resume_fails "$TMP/r.m" '/^#M /p' "bad #M line"
	resume_fails "$TMP/r.m" 's/^\(#M [^ ]*\) .*/\1/' "bad #M line"
	resume_fails "$TMP/r.m" 's/^\(#M .*\)/\1 1/' "bad #M line"
	resume_fails "$TMP/r.m" 's/^#prev \([^ ]*\) .*/#prev \1/' "bad #prev line"
	resume_fails "$TMP/r.m" 's/^#prev [^ ]* /#prev  /' "bad #prev line"
	resume_fails "$TMP/r.m" 's/^\(#prev .*\) [^ ]*$/\1 x/' "bad #prev line"
	resume_fails "$TMP/o.m" '/^#oasis /d' "no oasis state to resume (#oasis)"
	resume_fails "$TMP/o.m" '1s/ form=similarity//' "an oasis model has d rows of W"
	resume_fails "$TMP/o.m" '1s/ r=2 / r=1 /; $d' "an oasis model has d rows of W"
	# spaces around the fields are no damage
	sed 's/^#M .*/& /; s/^#rdml /&  /; s/^#rdml .*/& /' "$TMP/r.m" > "$TMP/sp.m"
	opml-learn -i "$TMP/r.m" "$TMP/tiny.txt" > "$TMP/a"
	opml-learn -i "$TMP/sp.m" "$TMP/tiny.txt" > "$TMP/b"
	cmp "$TMP/a" "$TMP/b"
}

# The one row of a model, all zeros, r=1 in its header.
zero_row() {
	grep -q '^#opml .* r=1 ' "$1"
	[ "$(grep -v '^#' "$1")" = "$(printf '0 %.0s' $(seq "$2") | sed 's/ $//')" ]
}

@test "degenerate sets: coinciding samples, constant columns, one class in a stream" {
	printf '%s\n' 'a 1 2' 'b 1 2' 'a 1 2' 'b 1 2' > "$TMP/dup.txt"
	# no distance threshold from pairs at distance 0
	run --separate-stderr opml-learn -a itml "$TMP/dup.txt"
	[ "$status" -eq 1 ]
	[[ $stderr == "opml-learn: -a itml: every sampled pair of samples coincides: no distance threshold" ]]
	# a covariance of 0: M = 0, one zero row; so for pca whitened
	opml-learn -a covariance "$TMP/dup.txt" > "$TMP/m"
	zero_row "$TMP/m" 2
	grep -q '^#covariance trace=0$' "$TMP/m"
	opml-learn -a pca -p whiten=1 "$TMP/dup.txt" > "$TMP/m"
	zero_row "$TMP/m" 2
	grep -q '^#pca whiten=1 rank=0 ' "$TMP/m"
	# lmnn: the impostors coincide with the targets, no gradient; the
	# step halves from 1e-7 until below min_step 1e-22: 50 halvings
	run opml-learn -a lmnn -p k=1 "$TMP/dup.txt"
	[ "$status" -eq 0 ]
	[[ $output == *$'\n#lmnn '*" iterations=50 "* ]] || { show; false; }
	[ "$(rows <(printf '%s\n' "$output") | tr '\n' ' ')" = "1 0 0 1 " ]
	# rdml on a stream of one class: every pair is within the
	# threshold of M = 0, so M stays 0
	tiny
	grep '^a ' "$TMP/tiny.txt" > "$TMP/a.txt"
	opml-learn -a rdml "$TMP/a.txt" > "$TMP/m"
	zero_row "$TMP/m" 2
	grep -q '^#rdml .* updates=0 ' "$TMP/m"
}

@test "values whose squares overflow: the batch learners say so, the others stay finite" {
	printf '%s\n' 'a 1e200 1' 'a 1e200 2' 'b -1e200 1' 'b -1e200 3' \
	    'a 1e200 1.5' 'b -1e200 2' > "$TMP/huge.txt"
	for a in mahalanobis itml lmnn pca covariance; do
		run --separate-stderr opml-learn -a $a \
		    $([ $a = lmnn ] && echo "-p k=1") "$TMP/huge.txt"
		[ "$status" -eq 1 ] || { echo $a; show; false; }
		[ -z "$output" ]
		[[ $stderr == "opml-learn: -a $a: a value or a result is not a finite number" ]]
	done
	for a in rdml oasis pola lego soml; do
		run opml-learn -a $a "$TMP/huge.txt"
		[ "$status" -eq 0 ]
		! printf '%s\n' "$output" | grep -qi 'nan\|inf'
	done
}

@test "every parameter of every method: a value just outside its range is a usage error naming it" {
	tiny
	for mp in rdml:lambda=0 rdml:threshold=-1 oasis:C=0 oasis:random=-1 \
	    oasis:random=0.5 \
	    pola:constraints=0 pola:constraints=2.5 lego:eta=0 \
	    lego:constraints=0 lego:low=-1 lego:high=100.5 lego:every=0.5 \
	    pola:similar=1.5 lego:similar=-0.1 soml:eta=0 \
	    soml:gravity=-1e-9 soml:K=0 soml:constraints=1e10 \
	    mahalanobis:ridge=-1 mahalanobis:ridge=2e6 itml:gamma=0 \
	    itml:factor=0 itml:constraints=-1 itml:lower=-1 itml:upper=-1 \
	    itml:tol=0 itml:tol=1.5 itml:max_iter=0 itml:tune=2 itml:tune=0.5 \
	    lmnn:k=0 lmnn:k=1.5 \
	    lmnn:mu=-0.1 lmnn:mu=1.1 lmnn:step=0 lmnn:grow=0.99 \
	    lmnn:max_iter=0 lmnn:tol=-1 lmnn:min_step=-1 pca:whiten=0.5 \
	    pca:whiten=-1; do
		a=${mp%%:*} p=${mp#*:}
		run --separate-stderr opml-learn -a "$a" -p "$p" "$TMP/tiny.txt"
		[ "$status" -eq 2 ] || { echo "$a $p"; show; false; }
		[ -z "$output" ]
		[[ $stderr == "opml-learn: -p $p: not a number in the parameter's range" ]] || { echo "$a $p"; show; false; }
	done
	# the ends of the ranges are values
	for mp in soml:gravity=0 lego:low=0 lego:high=100 mahalanobis:ridge=1e6 \
	    itml:tol=1 lmnn:mu=0 lmnn:mu=1 lmnn:grow=1 lmnn:tol=0 \
	    lmnn:min_step=0 pca:whiten=1 pola:constraints=1; do
		a=${mp%%:*} p=${mp#*:}
		# (class c of tiny has 3 samples: lmnn's k must be 2 or less)
		run opml-learn -a "$a" $([ "$a" = lmnn ] && echo -p k=2) \
		    -p "$p" "$TMP/tiny.txt"
		[ "$status" -eq 0 ] || { echo "$a $p"; show; false; }
	done
}

@test "a resumed rdml or oasis model reads samples of its own d only" {
	tiny
	awk '{ print $0, 1 }' "$TMP/tiny.txt" > "$TMP/t3.txt"
	for a in rdml oasis; do
		opml-learn -a $a "$TMP/tiny.txt" > "$TMP/m"
		run --separate-stderr opml-learn -i "$TMP/m" "$TMP/t3.txt"
		[ "$status" -eq 1 ]
		[ -z "$output" ]
		[[ $stderr == "opml-learn: $TMP/t3.txt:1: 3 features, but the model $TMP/m has 2" ]]
		run --separate-stderr opml-learn -i "$TMP/m" -d 3 "$TMP/t3.txt"
		[ "$status" -eq 2 ]
		[[ $stderr == "opml-learn: -d 3: the model has d=2" ]]
	done
}

@test "d = 1: every method writes a finite 1 x 1 model; the batch ones by formula" {
	printf '%s\n' 'a 1' 'a 2' 'a 1.5' 'a 1.2' 'b 4' 'b 5' 'b 4.4' 'b 6' \
	    > "$TMP/d1.txt"
	for a in rdml oasis pola lego soml mahalanobis itml lmnn pca \
	    covariance; do
		run opml-learn -a $a "$TMP/d1.txt"
		[ "$status" -eq 0 ] || { echo $a; show; false; }
		[[ ${lines[0]} == "#opml version=1 algorithm=$a d=1 r=1 "* ]]
		[ "$(rows <(printf '%s\n' "$output") | wc -l)" -eq 1 ]
		! printf '%s\n' "$output" | grep -qi 'nan\|inf'
	done
	# the sample variance v (awk): covariance L^2 = v, mahalanobis
	# L^2 = 1 / (v + 1e-6 v), pca L = 1
	v=$(awk '{ s += $2; q += $2 * $2; n++ }
	    END { printf "%.17g", (q - s * s / n) / (n - 1) }' "$TMP/d1.txt")
	l=$(opml-learn -a covariance "$TMP/d1.txt" | rows /dev/stdin)
	awk -v l="$l" -v v="$v" 'BEGIN { e = l * l - v; exit !(e * e < 1e-24 * v * v) }'
	l=$(opml-learn -a mahalanobis "$TMP/d1.txt" | rows /dev/stdin)
	awk -v l="$l" -v v="$v" 'BEGIN { w = 1 / (v * (1 + 1e-6)); e = l * l - w
	    exit !(e * e < 1e-24 * w * w) }'
	[ "$(opml-learn -a pca "$TMP/d1.txt" | rows /dev/stdin)" = 1 ]
}

@test "-I pairs and -I triplets: any allocation may fail: the model, or exit 1 with one line" {
	skip_if_sanitized "LD_PRELOAD cannot interpose"
	printf '%s\n' 'a 0 0' 'b 0.5 0.1' 'a 1 0' 'b 1.5 0.2' 'a 2 0.1' \
	    'b 2.5 0' > "$TMP/s.txt"
	printf '%s\n' 'SAME 0 2' 'DIFFERENT 0 1' 'SAME 1 3' 'DIFFERENT 2 5' \
	    > "$TMP/p"
	printf '%s\n' '2 0 1' '3 1 2' '4 2 5' > "$TMP/t"
	for a in opml copml rdml pola lego itml; do
		each_alloc_fails opml-learn -a $a -v -I pairs -S "$TMP/s.txt" "$TMP/p"
	done
	# resumed with its #pair lines, fewer kept
	opml-learn -I pairs -S "$TMP/s.txt" "$TMP/p" > "$TMP/pm"
	each_alloc_fails opml-learn -m "$TMP/pm" -K 1 -I pairs -S "$TMP/s.txt" "$TMP/p"
	for a in opml oasis soml; do
		each_alloc_fails opml-learn -a $a -v -I triplets -S "$TMP/s.txt" "$TMP/t"
	done
	printf '%s\n' '1 2 3 4 5 6' '2 1 3 3 0 1' > "$TMP/w"
	each_alloc_fails opml-learn -v -I triplets "$TMP/w"
}

# --- Each method its own: header keys, reports, parameters. ---

@test "a model carries only its own method's keys: no step, gamma, counts or #rng of OPML's in a rival's" {
	for a in rdml pola lego soml mahalanobis itml lmnn pca covariance oasis; do
		opml-learn -a $a "$DATA/iris.txt" > "$TMP/m"
		keys=$(head -1 "$TMP/m" | tr ' ' '\n' | sed -n 's/=.*//p' | tr '\n' ' ')
		want="version algorithm d r samples release "
		case $a in
		oasis) want="version algorithm d r seed classes samples release form " ;;
		soml) want="version algorithm d r samples release form " ;;
		esac
		[ "$keys" = "$want" ] || { echo "$a: $keys"; false; }
		# the method's state line follows the header, nothing of OPML's
		! grep -q '^#scale\|^#opml.* step=\|^#opml.* updates=' "$TMP/m"
		[ $a = oasis ] || ! grep -q '^#rng' "$TMP/m"
		sed -n 2p "$TMP/m" | grep -q "^#$a \|^#rng "
	done
	# and OPML's has them all
	opml-learn "$DATA/iris.txt" | head -1 | grep -q ' step=fixed gamma=0.001 gamma1=0.001 clip=0.5 pull=3e-05 normalize=0 standardize=1 seed=0 classes=3 samples=150 triplets=98 updates=13 '
}

@test "each method reports itself: -a rdml -P says rdml's counts, those of a model of as many samples" {
	run --separate-stderr opml-learn -a rdml -P 200 "$DATA/balance.txt"
	[ "$status" -eq 0 ]
	[ "$(grep -c '^opml-learn: [0-9]* samples, [0-9]*/s, rdml ' <<< "$stderr")" -eq 3 ]
	! grep -q 'active hinges\|triplet' <<< "$stderr"
	for n in 200 400 600; do
		line=$(grep "^opml-learn: $n samples, " <<< "$stderr")
		want=$(head -n $n "$DATA/balance.txt" | opml-learn -a rdml | grep '^#rdml ')
		[ "${line#*/s, }" = "${want#\#}" ] || { echo "$line / $want"; false; }
	done
	# OPML's report is OPML's: updates and active hinges
	run --separate-stderr opml-learn -P 100 "$DATA/iris.txt"
	[ "$(grep -c '^opml-learn: [0-9]* samples, [0-9]*/s, [0-9]* updates\?, active hinges ' <<< "$stderr")" -eq 1 ]
}

@test "-g -R -G -c -u -z -Z -K are names for OPML's parameters gamma, step, gamma1, clip, normalize, standardize, keep" {
	for a in opml copml; do
		opml-learn -a $a -g 0.01 -G 0.02 -c 0.2 -u "$DATA/wine.txt" > "$TMP/o"
		opml-learn -a $a -p gamma=0.01 -p step=fixed -p gamma1=0.02 -p clip=0.2 -p normalize=1 -p standardize=0 "$DATA/wine.txt" > "$TMP/p"
		cmp "$TMP/o" "$TMP/p"
		opml-learn -a $a -R 0.3 -z "$DATA/wine.txt" > "$TMP/o"
		opml-learn -a $a -p step=relative -p gamma=0.3 -p standardize=1 "$DATA/wine.txt" > "$TMP/p"
		cmp "$TMP/o" "$TMP/p"
	done
	awk 'NR > 1 { print (p == $1 ? "SAME" : "DIFFERENT"), NR - 2, NR - 1 } { p = $1 }' "$DATA/iris.txt" > "$TMP/pairs"
	opml-learn -I pairs -K 3 -S "$DATA/iris.txt" "$TMP/pairs" > "$TMP/o"
	opml-learn -I pairs -p keep=3 -S "$DATA/iris.txt" "$TMP/pairs" > "$TMP/p"
	cmp "$TMP/o" "$TMP/p"
	# a rival has none of them
	run --separate-stderr opml-learn -a rdml -p clip=0.2 "$DATA/iris.txt"
	[ "$status" -eq 2 ]
	[[ $stderr == *"rdml has no parameter clip"* ]]
}
