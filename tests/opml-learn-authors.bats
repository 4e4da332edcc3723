#!/usr/bin/env bats
# opml-learn -p other=recent: the paper authors' rule for the other-class
# sample, against the L their MATLAB code learns in GNU Octave
# (tests/fixtures/README says how those numbers were made), its exact
# resume, and the default rule's bytes.

load helper

# The stream of the fixtures: the rows of data/NAME.txt in the order
# 37i mod n, so that the classes mix.
stream() {
	awk '{ r[NR - 1] = $0 } END { for (i = 0; i < NR; i++)
	    print r[(37 * i) % NR] }' "$DATA/$1.txt"
}

# ||L - L'||_F / ||L'||_F, L the last rows of model $1, L' the rows of $2.
reldiff() {
	tail -n "$(wc -l < "$2")" "$1" | paste -d '\n' - "$2" | awk '
	    NR % 2 == 1 { n = split($0, a, " "); next }
	    { if (split($0, b, " ") != n) bad = 1
	      for (i = 1; i <= n; i++) { s += (a[i] - b[i]) ^ 2; t += b[i] ^ 2 } }
	    END { if (bad || t == 0) print "bad"; else printf "%.3g\n", sqrt(s / t) }'
}

# Whether the difference $1 is a number below $2, or not below.
below() { awk -v x="$1" -v y="$2" 'BEGIN { exit !(x != "bad" && x + 0 < y) }'; }
notbelow() { awk -v x="$1" -v y="$2" 'BEGIN { exit !(x != "bad" && x + 0 >= y) }'; }

learn() { opml-learn -g 1e-3 -G 1e-3 -Z -c 0 "$@"; }

@test "-p other=recent learns the L of the authors' code on iris and wine, to 1e-12" {
	for s in iris wine; do
		stream "$s" > "$TMP/$s"
		for a in opml copml; do
			learn -a "$a" -p other=recent "$TMP/$s" > "$TMP/m"
			d=$(reldiff "$TMP/m" "$FIX/authors-$s-$a.L")
			echo "$s $a recent: $d"
			below "$d" 1e-12
			# the rule is what makes them agree: the random pick
			# learns another L
			learn -a "$a" "$TMP/$s" > "$TMP/r"
			d=$(reldiff "$TMP/r" "$FIX/authors-$s-$a.L")
			echo "$s $a random: $d"
			notbelow "$d" 1e-3
		done
	done
}

@test "other=random is the default: the same bytes, no other= key, no #previous line" {
	stream wine > "$TMP/s"
	for a in opml copml; do
		learn -a "$a" "$TMP/s" > "$TMP/default"
		learn -a "$a" -p other=random "$TMP/s" > "$TMP/random"
		cmp "$TMP/default" "$TMP/random"
		[ "$(grep -c 'other=\|^#previous' "$TMP/default")" -eq 0 ]
		learn -a "$a" -p other=recent "$TMP/s" > "$TMP/recent"
		head -1 "$TMP/recent" | grep -q ' clip=0 other=recent '
		[ "$(grep -c '^#previous ' "$TMP/recent")" -eq 1 ]
	done
}

@test "on two classes both rules pick the same sample: the same L to the bit" {
	awk '$1 != 0' "$DATA/iris.txt" > "$TMP/two"
	stream pima > "$TMP/pima"
	for f in "$TMP/two" "$TMP/pima"; do
		for a in opml copml; do
			for o in "-g 1e-3 -Z -c 0" "" "-u"; do
				opml-learn -a "$a" $o "$f" > "$TMP/random"
				opml-learn -a "$a" $o -p other=recent "$f" > \
				    "$TMP/recent"
				cmp <(grep -v '^#' "$TMP/random") \
				    <(grep -v '^#' "$TMP/recent")
				# and the same counts
				cmp <(head -1 "$TMP/random" | grep -o 'triplets=.* nonpd=[0-9]*') \
				    <(head -1 "$TMP/recent" | grep -o 'triplets=.* nonpd=[0-9]*')
			done
		done
	done
}

@test "a model learnt with other=recent keeps the rule and resumes exactly" {
	stream wine > "$TMP/s"
	# cut after a sample of class 0 followed by one of class 1, where
	# the previous sample decides the triplet
	sed -n 60,61p "$TMP/s" | cut -c1 | tr -d '\n' | grep -qx 01
	head -60 "$TMP/s" > "$TMP/s1"
	tail -n +61 "$TMP/s" > "$TMP/s2"
	for a in opml copml; do
		learn -a "$a" -p other=recent "$TMP/s" > "$TMP/whole"
		learn -a "$a" -p other=recent "$TMP/s1" > "$TMP/half"
		grep -qx '#previous 0' "$TMP/half"
		opml-learn -m "$TMP/half" "$TMP/s2" > "$TMP/resumed"
		cmp "$TMP/whole" "$TMP/resumed"
		# without its #previous line the model goes on otherwise
		grep -v '^#previous' "$TMP/half" > "$TMP/lost"
		opml-learn -m "$TMP/lost" "$TMP/s2" > "$TMP/other"
		run cmp -s "$TMP/whole" "$TMP/other"
		[ "$status" -eq 1 ]
		# -p other=random on resume takes the random pick from then on
		opml-learn -m "$TMP/half" -p other=random "$TMP/s2" > "$TMP/r"
		[ "$(grep -c 'other=\|^#previous' "$TMP/r")" -eq 0 ]
	done
}

@test "-p other takes random or recent, for opml and copml only" {
	for v in 1 0 '' rec Recent; do
		run --separate-stderr opml-learn -p "other=$v" "$DATA/iris.txt"
		show
		[ "$status" -eq 2 ]
		[ "$stderr" = "opml-learn: -p other=$v: other is random or recent" ]
		[ -z "$output" ]
	done
	run --separate-stderr opml-learn -a rdml -p other=recent "$DATA/iris.txt"
	[ "$status" -eq 2 ]
	[ "$stderr" = "opml-learn: -p other=recent: rdml has no parameter other" ]
}

@test "a model's other= and #previous are checked when read" {
	learn -p other=recent "$DATA/iris.txt" > "$TMP/m"
	sed '1s/other=recent/other=last/' "$TMP/m" > "$TMP/bad"
	run --separate-stderr opml-learn -m "$TMP/bad" "$DATA/iris.txt"
	show
	[ "$status" -eq 1 ]
	[[ $stderr == *"bad value for other"* ]]
	sed 's/^#previous .*/#previous 7/' "$TMP/m" > "$TMP/bad"
	run --separate-stderr opml-learn -m "$TMP/bad" "$DATA/iris.txt"
	show
	[ "$status" -eq 1 ]
	[[ $stderr == *"#previous names no #class line"* ]]
	# other=random written out reads as the default
	sed '1s/other=recent/other=random/; /^#previous/d' "$TMP/m" > "$TMP/r"
	opml-learn -m "$TMP/r" "$DATA/iris.txt" > "$TMP/out"
	[ "$(grep -c 'other=' "$TMP/out")" -eq 0 ]
}
