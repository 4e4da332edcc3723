#!/usr/bin/env bats
# opml-learn -m and -C: every method that resumes (OPML_METHOD_RESUMES)
# on every stream it takes, labeled samples, pairs and triplets, learnt
# in two pieces gives the model of one run, byte for byte: the second
# piece resumed from the first piece's model (-m) or from its last -C
# checkpoint.  The figures are the bytes of one run, not a stored model.

load helper

# iris in the order of rows 37i mod n (the classes mixed), the pairs of
# adjacent rows, and the triplets of the one-pass construction (the
# sample, the latest of its class, the latest of another), as rows of it.
streams() {
	grep -v '^#' "$DATA/iris.txt" | awk '{ r[NR - 1] = $0 }
	    END { for (i = 0; i < NR; i++) print r[(37 * i) % NR] }' > "$TMP/labeled"
	awk 'NR > 1 { print ($1 == pl ? "SAME" : "DIFFERENT"), NR - 2, NR - 1 }
	    { pl = $1 }' "$TMP/labeled" > "$TMP/pairs"
	awk '{ lab = $1
		if ((lab in last) && n >= 2) {
			for (o in last) if (o != lab) q = last[o]
			print NR - 1, last[lab], q
		}
		if (!(lab in last)) n++
		last[lab] = NR - 1
	}' "$TMP/labeled" > "$TMP/triplets"
}

# method, stream kind, options: one run, then two pieces split at 60
# items, the second resumed from -m and from a -C 20 checkpoint of the
# first; and -C on the whole stream changes nothing.
pieces() {
	local a=$1 kind=$2 opts=$3 in=(-I "$2" -S "$TMP/labeled")

	[ "$kind" = labeled ] && in=()
	head -n 60 "$TMP/$kind" > "$TMP/first"
	tail -n +61 "$TMP/$kind" > "$TMP/rest"
	opml-learn -a "$a" $opts "${in[@]}" "$TMP/$kind" > "$TMP/one"
	opml-learn -a "$a" $opts "${in[@]}" "$TMP/first" > "$TMP/half"
	opml-learn -m "$TMP/half" "${in[@]}" "$TMP/rest" > "$TMP/two"
	cmp "$TMP/one" "$TMP/two" || { echo "$a $kind $opts: -m differs"; head -1 "$TMP/one" "$TMP/two"; return 1; }
	opml-learn -a "$a" $opts "${in[@]}" -C 20 -o "$TMP/ckpt" "$TMP/first"
	opml-learn -m "$TMP/ckpt" "${in[@]}" "$TMP/rest" > "$TMP/two"
	cmp "$TMP/one" "$TMP/two" || { echo "$a $kind $opts: -C differs"; return 1; }
	opml-learn -a "$a" $opts "${in[@]}" -C 7 -o "$TMP/every" "$TMP/$kind"
	cmp "$TMP/one" "$TMP/every" || { echo "$a $kind $opts: -C 7 changed the model"; return 1; }
}

@test "every method that resumes, on every stream it takes: two pieces by -m or from a -C checkpoint are one run, byte for byte" {
	streams
	[ "$(wc -l < "$TMP/pairs")" -eq 149 ]
	[ "$(wc -l < "$TMP/triplets")" -eq 146 ]
	cat > "$TMP/table" <<-EOF
	opml labeled
	opml pairs
	opml pairs -u
	opml pairs -Z -g 0.05 -K 5
	opml pairs -R 0.01 -c 0
	opml triplets
	copml labeled
	copml pairs
	copml pairs -K 1
	copml triplets
	rdml labeled
	rdml pairs
	oasis labeled
	oasis triplets
	EOF
	while read -r a kind opts; do
		pieces "$a" "$kind" "$opts"
	done < "$TMP/table"
	# the table is every method that resumes and every stream it takes
	for a in opml copml rdml oasis pola lego soml itml mahalanobis lmnn pca covariance; do
		for kind in labeled pairs triplets; do
			in=(-I "$kind" -S "$TMP/labeled"); [ "$kind" = labeled ] && in=()
			opml-learn -a $a "${in[@]}" "$TMP/$kind" > /dev/null 2>&1 || continue
			head -n 60 "$TMP/$kind" | opml-learn -a $a "${in[@]}" > "$TMP/half" 2>/dev/null
			if tail -n +61 "$TMP/$kind" | opml-learn -a $a -m "$TMP/half" "${in[@]}" > /dev/null 2>&1; then
				echo "$a $kind" >> "$TMP/resumes"
			fi
		done
	done
	diff "$TMP/resumes" <(awk '!seen[$1 " " $2]++ { print $1, $2 }' "$TMP/table")
}

@test "-I pairs: the model keeps the latest pairs of each kind as #pair lines, and how many (keep=), which a resumed model keeps unless told" {
	printf '0 1 0\n0 2 0\n1 0 1\n1 0 3\n0 4 0\n' > "$TMP/s"
	printf 'SAME 0 1\nDIFFERENT 0 2\nSAME 1 4\nSAME 0 4\nDIFFERENT 2 3\nDIFFERENT 1 3\n' > "$TMP/p"
	opml-learn -I pairs -S "$TMP/s" -Z -g 0.01 -K 2 "$TMP/p" > "$TMP/m"
	[[ $(head -1 "$TMP/m") == *" keep=2 "* ]]
	# the latest two same pairs and two different, the oldest first
	# (-Z: the samples as given)
	diff <(grep '^#pair' "$TMP/m") - <<-EOF
	#pair same 2 0 4 0
	#pair same 1 0 4 0
	#pair different 0 1 0 3
	#pair different 2 0 0 3
	EOF
	# a model learnt with -K 1 resumes with one pair of each kind
	head -n 4 "$TMP/p" | opml-learn -I pairs -S "$TMP/s" -Z -g 0.01 -K 1 > "$TMP/h"
	[ "$(grep -c '^#pair' "$TMP/h")" -eq 2 ]
	tail -n 2 "$TMP/p" | opml-learn -m "$TMP/h" -I pairs -S "$TMP/s" > "$TMP/r"
	opml-learn -I pairs -S "$TMP/s" -Z -g 0.01 -K 1 "$TMP/p" > "$TMP/one"
	cmp "$TMP/one" "$TMP/r"
	# a damaged #pair line: file and line
	sed 's/^#pair different 0 1 0 3$/#pair different 0 1 0/' "$TMP/m" > "$TMP/bad"
	run --separate-stderr opml-learn -m "$TMP/bad" -I pairs -S "$TMP/s" /dev/null
	[ "$status" -eq 1 ]
	[[ $stderr == "opml-learn: $TMP/bad:"*": model: bad #pair line (two samples of d=2)" ]]
	sed 's/^#pair different 0 1 0 3$/#pair other 0 1 0 3/' "$TMP/m" > "$TMP/bad"
	run --separate-stderr opml-transform -m "$TMP/bad" /dev/null
	[ "$status" -eq 1 ]
	[[ $stderr == *"model: bad #pair line (same or different, then two samples)" ]]
	# labeled and triplet models hold no #pair line and no keep=
	opml-learn -Z -g 0.01 "$TMP/s" > "$TMP/lab"
	! grep -q -e '^#pair' -e ' keep=' "$TMP/lab"
}
