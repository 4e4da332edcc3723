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
	printf '%s\n' "$output" | grep -q '^#lego eta=1 constraints=10000 low=10 high=90 '
	run opml-learn -a rdml -p lambda=0.01 -p threshold=4 "$DATA/iris.txt"
	[ "$status" -eq 0 ]
	printf '%s\n' "$output" | grep -q '^#rdml lambda=0.01 threshold=4 pairs=149 '
	run opml-learn -a pola -p constraints=50 "$DATA/iris.txt"
	[ "$status" -eq 0 ]
	printf '%s\n' "$output" | grep -q '^#pola constraints=50 pairs=50 '
}

@test "a parameter changes the model" {
	opml-learn -a oasis "$DATA/wine.txt" > "$TMP/a"
	opml-learn -a oasis -p C=0.01 "$DATA/wine.txt" > "$TMP/b"
	! cmp -s <(rows "$TMP/a") <(rows "$TMP/b")
	opml-learn -a lego "$DATA/wine.txt" > "$TMP/a"
	opml-learn -a lego -p eta=0.1 "$DATA/wine.txt" > "$TMP/b"
	! cmp -s <(rows "$TMP/a") <(rows "$TMP/b")
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

@test "a parameter given with -i wins over the model's" {
	opml-learn -a oasis "$DATA/iris.txt" > "$TMP/m"
	run opml-learn -i "$TMP/m" -p C=0.3 "$DATA/iris.txt"
	[ "$status" -eq 0 ]
	printf '%s\n' "$output" | grep -q '^#oasis C=0.3 triplets=248 '
}

@test "the methods that read the set whole do not resume" {
	for a in pola lego soml; do
		opml-learn -a "$a" "$DATA/iris.txt" > "$TMP/m"
		run --separate-stderr opml-learn -a "$a" -i "$TMP/m" \
		    "$DATA/iris.txt"
		[ "$status" -eq 2 ]
		[[ $stderr == *"$a reads the training set whole; it does not resume"* ]]
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
	[[ $stderr == *"opml-learn: pola constraints=10000 pairs=10000 updates="*" projections="* ]]
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
	for o in "-g 0.1" "-R 0.1" "-G 0.1" "-c 0.2" "-u" "-r 2"; do
		run --separate-stderr opml-learn -a lego $o "$DATA/iris.txt"
		[ "$status" -eq 2 ]
		[[ $stderr == *": not an option of lego (opml and copml only)"* ]]
	done
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
	run --separate-stderr opml-learn -a soml "$TMP/singles"
	[ "$status" -eq 1 ]
	[[ $stderr == *"no class has two samples: no triplet"* ]]
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
