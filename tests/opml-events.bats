#!/usr/bin/env bats
# opml-events: the UMN protocol (the paper's Table 3), chaining the
# tools: per scene two folds of videos, OPML and COPML over the other
# fold in clip order, libsvm's SVM on each space, opml-roc's AUC.

load helper

setup() {
	TMP="$BATS_TEST_TMPDIR"
	need svm-train libsvm-tools
}

# The shipped features of scene 1 alone: videos 1 (train1, test1) and
# 2 (train2, test2).
scene1() {
	gzip -dc "$DATA/umn/mhof.txt.gz" | awk '$1 ~ /^(train|test)[12]\.avi$/' > "$TMP/s1"
}

# Scene 1 with each train file cut to its first 150 frames (lines 1 to
# 150; the test files whole, with every labelled span): fold 1 tests
# 150 + 146 frames, fold 2 150 + 149; a fifth of the SVMs' work of the
# whole scene, for the tests of mechanics that need neither all frames
# nor the whole table.
short1() {
	gzip -dc "$DATA/umn/mhof.txt.gz" |
	    awk '$1 ~ /^(train|test)[12]\.avi$/ && !($1 ~ /train/ && $2 > 150)' > "$TMP/s1"
}

@test "umn: per scene, the opml-stat table of the euclidean, opml and copml AUC" {
	# -c 0 and every third frame of the three scenes: the whole table's layout
	# at a fraction of the work (man.bats checks the figures of the
	# whole, the README's and opml-events(1)'s)
	gzip -dc "$DATA/umn/mhof.txt.gz" | awk 'NR % 3 == 1' > "$TMP/third"
	run --separate-stderr opml-events -c 0 umn "$TMP/third"
	show
	[ "$status" -eq 0 ]
	[ "${#lines[@]}" -eq 18 ]
	for k in 0 6 12; do
		[ "${lines[k]}" = "scene$((k / 6 + 1))" ]
		[ "${lines[k + 1]}" = "#setting -C 1 -c 0 -g 1e-3" ]
		[[ ${lines[k + 2]} == "#column"* ]]
		[[ ${lines[k + 3]} == "euclidean  2  0."* ]]
		[[ ${lines[k + 4]} == "opml "*" ref" ]]
		[[ ${lines[k + 5]} == "copml "* ]]
	done
}

@test "umn FILE: the AUCs are those of the tools run by hand on the folds of videos" {
	scene1
	echo "euclidean opml copml" > "$TMP/want.auc"
	for f in 1 2; do
		d=$TMP/f$f
		mkdir "$d"
		# test: video f; train: the other video, train file then test file
		# labels: 1 within the running span of clips.tsv (test1.avi
		# 17-137, test2.avi 2-138)
		for v in "$f" $((3 - f)); do
			awk -v v="$v" '$1 == "train" v ".avi" || $1 == "test" v ".avi" {
				a = $1 == "test1.avi" && $2 >= 17 && $2 <= 137 ||
				    $1 == "test2.avi" && $2 >= 2 && $2 <= 138
				$1 = a; $2 = ""; print
			}' "$TMP/s1" | tr -s ' ' > "$d/$([ "$v" = "$f" ] && echo test || echo train)"
		done
		opml-scale -w "$d/z" -o "$d/train.z" "$d/train"
		opml-scale -r "$d/z" -o "$d/test.z" "$d/test"
		opml-learn -g 1e-3 -s 0 -o "$d/opml.m" "$d/train.z"
		opml-learn -a copml -g 1e-3 -G 1e-3 -s 0 -o "$d/copml.m" "$d/train.z"
		for s in train test; do
			awk '{ line = $1; for (j = 2; j <= NF; j++) if ($j + 0 != 0) line = line " " (j - 1) ":" $j; print line }' \
			    "$d/$s.z" > "$d/euclidean.$s"
			opml-transform -l -m "$d/opml.m" "$d/$s.z" > "$d/opml.$s"
			opml-transform -l -m "$d/copml.m" "$d/$s.z" > "$d/copml.$s"
		done
		row=
		for m in euclidean opml copml; do
			svm-train -q -b 1 "$d/$m.train" "$d/$m.svm" > /dev/null
			svm-predict -b 1 "$d/$m.test" "$d/$m.svm" "$d/$m.p" > /dev/null
			# the probability of label 1, beside the true label
			col=$(head -n 1 "$d/$m.p" | awk '{ print $2 == "1" ? 2 : 3 }')
			tail -n +2 "$d/$m.p" | cut -d ' ' -f "$col" | paste -d ' ' - "$d/test" |
			    cut -d ' ' -f 1,2 > "$d/$m.scores"
			row="$row $(opml-roc -a -F "$d/$m.scores" | awk -F '\t' '!/^#/ { print $4 }')"
		done
		echo "$row" >> "$TMP/want.auc"
	done
	opml-events -c 0 umn "$TMP/s1" > "$TMP/got"
	{ echo scene1; echo "#setting -C 1 -c 0 -g 1e-3"; opml-stat -b -r opml "$TMP/want.auc"; echo; } |
	    cmp - "$TMP/got"
}

@test "-c K: beside each frame its change from the mean of the K frames before it in its video" {
	# scene 1's two videos, each a train file of 30 frames and a test
	# file of 30, 3 features of small whole numbers, so that the means
	# are exact (the labels come from clips.tsv)
	for v in 1 2; do
		for f in train test; do
			awk -v f="$f$v.avi" -v v="$v" 'BEGIN {
				for (t = 0; t < 30; t++) {
					a = f ~ /test/ && t >= 10
					print f, t + 1, (t * 7 + v) % 5 + a, (t * t + a) % 7, (t + 2 * v) % 3
				}
			}'
		done
	done > "$TMP/x"
	# by hand: the window summed afresh each frame, per video
	awk -v K=3 '{
		v = $1; gsub(/train|test/, "", v)
		if (v != video) { video = v; n = 0 }
		for (j = 3; j <= 5; j++) x[n, j] = $j
		m = n < K ? n : K
		line = $0
		for (j = 3; j <= 5; j++) {
			s = 0
			for (i = 1; i <= m; i++) s += x[n - i, j]
			line = line " " (m ? sprintf("%.6f", $j - s / m) + 0 : 0)
		}
		n++
		print line
	}' "$TMP/x" > "$TMP/x.context"
	# the first frame of a test file has the last 3 of its train file
	# before it: 1 - (0 + 2 + 4) / 3 for video 1's first feature
	[ "$(awk '$1 == "test1.avi" && $2 == 1 { print $6 }' "$TMP/x.context")" = -1 ]
	opml-events -c 3 umn "$TMP/x" > "$TMP/got"
	grep -qx -- '#setting -C 1 -c 3 -g 1e-3' "$TMP/got"
	opml-events -c 0 umn "$TMP/x.context" | grep -v '^#setting' | cmp - <(grep -v '^#setting' "$TMP/got")
	# and it changes the figures
	opml-events -c 0 umn "$TMP/x" > "$TMP/plain"
	! cmp -s "$TMP/plain" "$TMP/got"
}

@test "-i: folds of odd and even frames, neighbours on both sides: higher AUCs" {
	short1
	opml-events umn "$TMP/s1" > "$TMP/videos"
	opml-events -i umn "$TMP/s1" > "$TMP/frames"
	! cmp -s "$TMP/videos" "$TMP/frames"
	for m in euclidean opml copml; do
		a=$(awk -v m="$m" '$1 == m { print $3 }' "$TMP/videos")
		b=$(awk -v m="$m" '$1 == m { print $3 }' "$TMP/frames")
		awk -v a="$a" -v b="$b" 'BEGIN { exit !(b > a) }'
	done
}

# strip Y FILE: "width red grey" of the strip at height Y of the
# detections figure FILE (its rectangles: x, y, width, height, fill)
strip() {
	awk -F '"' -v y="$1" '/^<rect x=/ && $4 == y { w += $6; if ($10 == "#d62728") r += $6; if ($10 == "#c7c7c7") g += $6 }
	END { print w + 0, r + 0, g + 0 }' "$2"
}

@test "-o DIR: scores, the ROC figure and the strips of truth and detections per video" {
	short1
	opml-events -o "$TMP/out" umn "$TMP/s1" > /dev/null
	for m in euclidean opml copml; do
		# a score and a label per test frame of both folds
		[ "$(wc -l < "$TMP/out/scene1-$m.scores")" -eq "$(wc -l < "$TMP/s1")" ]
	done
	# the running spans of clips.tsv: test1 17-137, test2 2-138
	[ "$(awk '{ s += $2 } END { print s }' "$TMP/out/scene1-copml.scores")" -eq $((121 + 137)) ]
	# the AUCs of the folds, whose mean the table gives
	[ "$(head -n 1 "$TMP/out/scene1.auc")" = "euclidean opml copml" ]
	[ "$(opml-stat -b -r opml "$TMP/out/scene1.auc")" = "$(opml-events umn "$TMP/s1" | tail -n +3 | head -n 4)" ]
	grep -q '<svg' "$TMP/out/scene1-roc.svg"
	f=$TMP/out/scene1-detections.svg
	# the truth strip of each video (at heights 76 and 128): as many
	# pixels as frames, red ones as many as running frames, grey the
	# first frame of each file (no flow, no score) and the train file's
	# frames that short1 leaves out (151 to 474 of train1, to 675 of
	# train2)
	[ "$(strip 76 "$f")" = "$((475 + 147)) 121 $((2 + 474 - 150))" ]
	[ "$(strip 128 "$f")" = "$((676 + 150)) 137 $((2 + 675 - 150))" ]
	# COPML's strips: red where the score is above the fold's threshold
	# (video 1 is fold 1, the first 150 + 146 scores)
	grep -q 'time (s)' "$f"
	grep -q '>normal<' "$f"
	grep -q '>abnormal<' "$f"
	t1=$(sed -n 's/.*>fold 1, t = \([^<]*\)<.*/\1/p' "$f")
	t2=$(sed -n 's/.*>fold 2, t = \([^<]*\)<.*/\1/p' "$f")
	n1=$(head -n 296 "$TMP/out/scene1-copml.scores" | awk -v t="$t1" '$1 > t + 0' | wc -l)
	n2=$(tail -n +297 "$TMP/out/scene1-copml.scores" | awk -v t="$t2" '$1 > t + 0' | wc -l)
	[ "$(strip 90 "$f")" = "622 $n1 $((2 + 474 - 150))" ]
	[ "$(strip 142 "$f")" = "826 $n2 $((2 + 675 - 150))" ]
	# the legend names the methods as the other figures do
	for n in Euclidean OPML COPML; do grep -q ">$n<" "$TMP/out/scene1-roc.svg"; done
	[ ! -e "$TMP/out/mhof.txt" ]
}

@test "labels come from clips.tsv: a changed span changes them; -l caption takes the caption's" {
	short1
	# test1's running span 40-59 instead of 17-137
	awk -F '\t' -v OFS='\t' '$1 == "test1.avi" { $6 = 40; $7 = 59 } 1' \
	    "$DATA/umn/clips.tsv" > "$TMP/c.tsv"
	opml-events -o "$TMP/a" umn "$TMP/s1" "$TMP/c.tsv" > "$TMP/a.out"
	opml-events -o "$TMP/b" umn "$TMP/s1" > "$TMP/b.out"
	! cmp -s "$TMP/a.out" "$TMP/b.out"
	# fold 1 tests video 1 (150 + 146 frames of short1), fold 2 video 2
	[ "$(head -n 296 "$TMP/a/scene1-copml.scores" | awk '{ s += $2 } END { print s }')" -eq 20 ]
	[ "$(tail -n +297 "$TMP/a/scene1-copml.scores" | awk '{ s += $2 } END { print s }')" -eq 137 ]
	# the labels where frame 40 to 59 of test1 are: after train1's 150
	# frames and test1's 39 (1 to 39)
	[ "$(head -n 296 "$TMP/a/scene1-copml.scores" | awk '$2 == 1 { print NR }' | sed -n '1p;$p' | paste -s -d ' ')" = "$((150 + 40)) $((150 + 59))" ]
	# the caption: test1 49-138, test2 29-138
	opml-events -l caption -o "$TMP/c" umn "$TMP/s1" "$TMP/c.tsv" > /dev/null
	[ "$(head -n 296 "$TMP/c/scene1-copml.scores" | awk '{ s += $2 } END { print s }')" -eq 90 ]
	[ "$(tail -n +297 "$TMP/c/scene1-copml.scores" | awk '{ s += $2 } END { print s }')" -eq 110 ]
	grep -q 'the caption' "$TMP/c/scene1-detections.svg"
}

@test "spliced frames of clips.tsv are left out of training and scoring" {
	short1
	# test1 100-104 and train2 0-1 spliced: out go the frames whose
	# flow touches them, test1 100-105 and train2 1-2
	awk -F '\t' -v OFS='\t' '$1 == "test1.avi" { $8 = "100-104" } $1 == "train2.avi" { $8 = "0-1" } 1' \
	    "$DATA/umn/clips.tsv" > "$TMP/c.tsv"
	opml-events -o "$TMP/a" umn "$TMP/s1" "$TMP/c.tsv" > "$TMP/a.out"
	[ "$(wc -l < "$TMP/a/scene1-copml.scores")" -eq $(($(wc -l < "$TMP/s1") - 8)) ]
	# the same figures as without those feature lines
	awk '!($1 == "test1.avi" && $2 >= 100 && $2 <= 105 || $1 == "train2.avi" && $2 <= 2)' \
	    "$TMP/s1" > "$TMP/cut"
	opml-events -o "$TMP/b" umn "$TMP/cut" > "$TMP/b.out"
	cmp "$TMP/a.out" "$TMP/b.out"
	cmp "$TMP/a/scene1-copml.scores" "$TMP/b/scene1-copml.scores"
	# grey in the truth strips: the files' first frames and the cut
	# ones (and the train files' frames that short1 leaves out)
	[ "$(strip 76 "$TMP/a/scene1-detections.svg" | cut -d ' ' -f 3)" -eq $((2 + 6 + 474 - 150)) ]
	[ "$(strip 128 "$TMP/a/scene1-detections.svg" | cut -d ' ' -f 3)" -eq $((2 + 2 + 675 - 150)) ]
	# the spliced frames of the shipped clips.tsv: 2_test1 231-232,
	# 2_test5 154-158, 2_train4 0-1 (the train files cut as short1's)
	gzip -dc "$DATA/umn/mhof.txt.gz" |
	    awk '$1 ~ /^2_(train|test)[145]\.avi$/ && !($1 ~ /train/ && $2 > 150)' > "$TMP/s2"
	opml-events -o "$TMP/c" umn "$TMP/s2" > /dev/null
	[ "$(wc -l < "$TMP/c/scene2-copml.scores")" -eq $(($(wc -l < "$TMP/s2") - 2 - 5 - 2)) ]
}

@test "a truncated gzip or a bad clips.tsv: an error naming it, exit 1, nothing on the standard output" {
	short1
	gzip -c "$TMP/s1" > "$TMP/s1.gz"
	head -c $(($(wc -c < "$TMP/s1.gz") / 2)) "$TMP/s1.gz" > "$TMP/t.gz"
	run --separate-stderr opml-events umn "$TMP/t.gz"
	[ "$status" -eq 1 ]
	[ -z "$output" ]
	[[ $stderr == *"opml-events: $TMP/t.gz: not a whole gzip file"* ]]
	# the whole file is read
	run --separate-stderr opml-events umn "$TMP/s1.gz"
	[ "$status" -eq 0 ]
	printf '#clip\tscene\tframes\na.avi\t1\t10\t-\t-\n' > "$TMP/c.tsv"
	run --separate-stderr opml-events umn "$TMP/s1" "$TMP/c.tsv"
	[ "$status" -eq 1 ]
	[ -z "$output" ]
	[[ $stderr == "opml-events: $TMP/c.tsv:2: 5 fields, not 8"* ]]
	printf 'a.avi\t1\t10\t-\t-\t5\t-\t-\n' > "$TMP/c.tsv"
	run --separate-stderr opml-events umn "$TMP/s1" "$TMP/c.tsv"
	[ "$status" -eq 1 ]
	[[ $stderr == "opml-events: $TMP/c.tsv:1: the running span: one end is -, the other not" ]]
	# a clip of the features that clips.tsv does not list
	printf 'a.avi\t1\t10\t-\t-\t-\t-\t-\n' > "$TMP/c.tsv"
	run --separate-stderr opml-events umn "$TMP/s1" "$TMP/c.tsv"
	[ "$status" -eq 1 ]
	[ -z "$output" ]
	[[ $stderr == "opml-events: $TMP/s1:1: clip train1.avi is not in $TMP/c.tsv" ]]
}

@test "-L FILE: each scene under the setting whose OPML and COPML are best on the other scenes" {
	# every other frame of scenes 1 and 3, each train file cut to its
	# first 150 frames: 24 folds' SVMs below
	gzip -dc "$DATA/umn/mhof.txt.gz" |
	    awk '$1 ~ /^(3_)?(train|test)[123]\.avi$/ && !($1 ~ /train/ && $2 > 150) && NR % 2' > "$TMP/x"
	printf -- '# a comment\n-c 0\n-C 10 -c 0\n\n-c 5 -g 0.01\n' > "$TMP/grid"
	opml-events -L "$TMP/grid" umn "$TMP/x" > "$TMP/got"
	# each setting alone: its tables, and per scene the sum of the OPML
	# and COPML means
	for k in 1 2 3; do
		# shellcheck disable=SC2046 # the line's words are the options
		opml-events $(grep '^-' "$TMP/grid" | sed -n "${k}p") umn "$TMP/x" > "$TMP/k$k"
		awk -v k="$k" '/^scene/ { s = $1 } $1 == "opml" || $1 == "copml" { sum[s] += $3 }
		END { for (s in sum) print s, k, sum[s] }' "$TMP/k$k"
	done > "$TMP/sums"
	for s in 1 3; do
		o=$((4 - s))
		# the best on the other scene, the first of equals
		k=$(awk -v o="scene$o" '$1 == o && (!n++ || $3 > best) { best = $3; k = $2 } END { print k }' \
		    <(sort -k2,2n "$TMP/sums"))
		want=$(awk -v s="scene$s" '$1 == s { p = 1 } p && NF == 0 { exit } p' "$TMP/k$k" |
		    sed "2s/\$/ (chosen on scenes $o)/")
		got=$(awk -v s="scene$s" '$1 == s { p = 1 } p && NF == 0 { exit } p' "$TMP/got")
		[ "$got" = "$want" ] || { echo "scene $s: want setting $k"; echo "$got"; false; }
	done
	# the settings differ in what they choose, or the test proves little
	[ "$(grep -c '^#setting' "$TMP/got")" -eq 2 ]
	# a bad setting names the file and the setting
	printf -- '-c 0\n-c 0 -x 1\n' > "$TMP/grid"
	run --separate-stderr opml-events -L "$TMP/grid" umn "$TMP/x"
	[ "$status" -eq 1 ]
	[ -z "$output" ]
	[[ $stderr == "opml-events: $TMP/grid: setting 2, -c 0 -x 1: not options"* ]]
	# one scene, two settings: nothing to choose on
	awk '$1 !~ /^3_/' "$TMP/x" > "$TMP/s1"
	printf -- '-c 0\n-C 10\n' > "$TMP/grid"
	run --separate-stderr opml-events -L "$TMP/grid" umn "$TMP/s1"
	[ "$status" -eq 1 ]
}

@test "DIR: decodes the clips of clips.tsv with ffmpeg into the features shipped" {
	need ffmpeg ffmpeg
	mkdir "$TMP/clips"
	# 3_test3.avi twice, as the two videos of a scene
	cp "$DATA/umn/3_test3.avi" "$TMP/clips/a_test1.avi"
	cp "$DATA/umn/3_test3.avi" "$TMP/clips/a_test2.avi"
	printf 'a_test1.avi\t3\t80\t42\t61\t0\t55\t-\na_test2.avi\t3\t80\t42\t61\t0\t55\t-\n' > "$TMP/clips/clips.tsv"
	run --separate-stderr opml-events -o "$TMP/out" "$TMP/clips"
	show
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = scene3 ]
	[[ $stderr == *"a_test2.avi: 80 frames, scene 3"* ]]
	gzip -dc "$DATA/umn/mhof.txt.gz" | awk '$1 == "3_test3.avi"' > "$TMP/shipped"
	for v in 1 2; do
		awk -v v="$v" '$1 == "a_test" v ".avi" { $1 = "3_test3.avi"; print }' "$TMP/out/mhof.txt" |
		    cmp - "$TMP/shipped"
	done
	# a frame count that clips.tsv does not give
	printf 'a_test1.avi\t3\t81\t42\t61\t0\t55\t-\n' > "$TMP/clips/clips.tsv"
	run --separate-stderr opml-events "$TMP/clips"
	[ "$status" -eq 1 ]
	[[ $stderr == *"a_test1.avi: 80 frames decoded, clips.tsv says 81"* ]]
}

# without NAME...: a directory of links to every program on PATH but
# NAME..., on stdout
without() {
	local d n
	mkdir -p "$TMP/path"
	# one ln a directory (one a program took a minute on a loaded
	# machine), the last of PATH first, so that an earlier one's
	# program replaces a later one's of the same name, as on PATH
	for d in $(echo "$PATH" | tr : '\n' | tac); do
		[ -d "$d" ] && ln -sf "$d"/* "$TMP/path/"
	done 2> /dev/null
	for n in "$@"; do
		rm -f "$TMP/path/$n"
	done
	echo "$TMP/path"
}

@test "without ffmpeg or libsvm, it says what to install" {
	mkdir "$TMP/clips"
	p=$(without ffmpeg ffprobe)
	run --separate-stderr env PATH="$p" opml-events "$TMP/clips"
	[ "$status" -eq 1 ]
	[[ $stderr == "opml-events: ffmpeg not found: install it"* ]]
	rm "$p/svm-train"
	run --separate-stderr env PATH="$p" opml-events umn
	[ "$status" -eq 1 ]
	[[ $stderr == "opml-events: svm-train not found: install libsvm"* ]]
}

@test "usage errors exit 2 and name the program; a missing directory or file 1" {
	for o in "" "-Q umn" "-g" "-s x umn" "-c -1 umn" "-c 1.5 umn" "umn a b c" "dir extra" \
	    "-l walking umn" "-C 0 umn" "-C x umn" "-g -1 umn" "-L $TMP/none umn"; do
		run opml-events $o
		[ "$status" -eq 2 ] || { echo "options: $o"; show; false; }
	done
	run --separate-stderr opml-events -Q umn
	[ "${stderr%%$'\n'*}" = "opml-events: invalid option -- 'Q'" ]
	run opml-events "$TMP/none"
	[ "$status" -eq 1 ]
	[[ $output == *"$TMP/none"* ]]
	run opml-events umn "$TMP/none"
	[ "$status" -eq 1 ]
	run opml-events -h
	[ "$status" -eq 0 ]
	[[ $output == *"-o dir"* ]]
}

@test "INT to its process group (Ctrl-C), INT, TERM or HUP to it alone stop it quietly: 128 + signal, no temporaries, no process left" {
	load signal
	for s in INT.group INT.alone TERM.alone HUP.alone; do
		! ignored "${s%.*}" || continue
		# -c 0: at work sooner (no context of every frame first), a
		# minute of SVMs still to come
		interrupt "${s%.*}" "${s#*.}" 'ls "$TMPDIR"/opml-events.*/k1/s1.f1/opml.model > /dev/null 2>&1' \
		    opml-events -c 0 umn
		[ "$status" -eq "$(kill -l "${s%.*}" | awk '{ print 128 + $1 }')" ]
		[ -z "$stderr" ]
		[ -z "$left" ]
		[ -z "$alive" ]
	done
}

# Every other frame of scenes 1 and 3, each train file cut to its first
# 150 frames, and -L's settings: two, -c 0 and -C 10 -c 0.
two_scenes() {
	gzip -dc "$DATA/umn/mhof.txt.gz" | awk '$1 ~ /^(3_)?(train|test)[123]\.avi$/ &&
	    !($1 ~ /train/ && $2 > 150) && NR % 2' > "$TMP/x"
	printf -- '-c 0\n-C 10 -c 0\n' > "$TMP/grid"
}

@test "-f, -m: each fold of each scene alone, under every setting of -L; their parts in any order give the tables and -o's files of one run, byte for byte" {
	two_scenes
	opml-events -L "$TMP/grid" -o "$TMP/one" umn "$TMP/x" > "$TMP/one.out"
	grep -q '^#setting .*(chosen on scenes 3)' "$TMP/one.out"
	for sf in 3:2 1:1 3:1 1:2; do
		run --separate-stderr opml-events -L "$TMP/grid" -f $sf umn "$TMP/x"
		[ "$status" -eq 0 ] || { show; false; }
		printf '%s\n' "$output" > "$TMP/part.$sf"
		# the part of that fold alone, under both settings
		p=s${sf%:*}.f${sf#*:}
		[ "$(sed -n 's/^#opml-events part \([^:]*\): .*/\1/p' "$TMP/part.$sf")" = "$p" ]
		[ "$(tail -n 1 "$TMP/part.$sf")" = "#end of part $p" ]
		[ "$(cut -f 1 "$TMP/part.$sf" | grep -v '^#' | sed 's,/.*,,' | sort -u | paste -s -d ' ' -)" = "k1 k2" ]
		[ -z "$(cut -f 1 "$TMP/part.$sf" | grep -v '^#' | grep -v "^k[12]/$p/")" ]
	done
	cat "$TMP/part.1:2" "$TMP/part.3:1" "$TMP/part.1:1" "$TMP/part.3:2" > "$TMP/parts"
	opml-events -L "$TMP/grid" -o "$TMP/two" -m "$TMP/parts" umn "$TMP/x" 2> "$TMP/err" |
	    cmp - "$TMP/one.out"
	# no fold ran again
	[ ! -s "$TMP/err" ]
	diff -r "$TMP/one" "$TMP/two"
	[ "$(ls "$TMP/two" | wc -l)" -eq 12 ]
	# the standard input
	opml-events -L "$TMP/grid" -m - umn "$TMP/x" < "$TMP/parts" | cmp - "$TMP/one.out"
}

@test "-f, -m with -c K: a fold's part holds the context of its scene's frames alone, and the parts give the table of one run, byte for byte" {
	two_scenes
	opml-events -c 5 umn "$TMP/x" > "$TMP/one.out"
	for sf in 1:1 1:2 3:1 3:2; do
		opml-events -c 5 -f $sf umn "$TMP/x" > "$TMP/part.$sf"
	done
	cat "$TMP"/part.* > "$TMP/parts"
	opml-events -c 5 -m "$TMP/parts" umn "$TMP/x" | cmp - "$TMP/one.out"
	# and of another K, other figures
	opml-events -c 0 umn "$TMP/x" | grep -v '^#setting' > "$TMP/c0.out"
	! grep -v '^#setting' "$TMP/one.out" | cmp -s - "$TMP/c0.out"
}

@test "-f S:F:M: one method's SVM of a fold, its share of the part; the shares of all three methods give one run's table and -o files; a share missing or given twice: a message, exit 1" {
	scene1
	opml-events -c 0 -o "$TMP/one" umn "$TMP/s1" > "$TMP/one.out"
	opml-events -c 0 -f 1:1 umn "$TMP/s1" > "$TMP/p1"
	for m in euclidean opml copml; do
		opml-events -c 0 -f 1:2:$m umn "$TMP/s1" > "$TMP/p2.$m"
		[ "$(sed -n 1p "$TMP/p2.$m" | cut -d ' ' -f 3)" = "s1.f2:$m:" ]
		# its method's scores and AUC alone, COPML's with its threshold
		files=$(cut -f 1 "$TMP/p2.$m" | grep -v '^#' | sort -u | paste -s -d ' ' -)
		want="k1/s1.f2/$m.auc k1/s1.f2/$m.scores"
		[ "$m" != copml ] || want="k1/s1.f2/copml.auc k1/s1.f2/copml.scores k1/s1.f2/copml.threshold"
		[ "$files" = "$want k1/s1.f2/test.frames" ] || { echo "$m: $files"; false; }
	done
	cat "$TMP/p2.opml" "$TMP/p1" "$TMP/p2.copml" "$TMP/p2.euclidean" > "$TMP/parts"
	opml-events -c 0 -o "$TMP/two" -m "$TMP/parts" umn "$TMP/s1" 2> "$TMP/err" |
	    cmp - "$TMP/one.out"
	[ ! -s "$TMP/err" ]
	diff -r "$TMP/one" "$TMP/two"
	# the AUC of a share is the whole fold's
	opml-events -c 0 -f 1:2 umn "$TMP/s1" > "$TMP/p2"
	[ "$(grep -h '^k1/s1.f2/opml.auc' "$TMP/p2" "$TMP/p2.opml" | uniq | wc -l)" -eq 1 ]
	cat "$TMP/p1" "$TMP/p2.opml" "$TMP/p2.euclidean" > "$TMP/lack"
	cat "$TMP/p1" "$TMP/p2" "$TMP/p2.opml" > "$TMP/both"
	n=$(grep -n '^#opml-events part s1.f2:opml' "$TMP/both" | cut -d: -f1)
	while IFS='|' read -r f msg; do
		run --separate-stderr opml-events -c 0 -m "$TMP/$f" umn "$TMP/s1"
		[ "$status" -eq 1 ] || { echo "$f"; show; false; }
		[ -z "$output" ]
		[ "$stderr" = "opml-events: $TMP/$msg" ] || { echo "$f"; show; false; }
	done <<-EOF
	lack|lack: no part s1.f2:copml (made by opml-events -f 1:2:copml with these options and input)
	both|both:$n: part s1.f2:opml twice
	EOF
	run --separate-stderr opml-events -c 0 -f 1:2:svm umn "$TMP/s1"
	[ "$status" -eq 2 ]
	[ "${stderr%%$'\n'*}" = "opml-events: -f 1:2:svm: a method euclidean, opml or copml" ]
}

@test "-f, -m: a fold that the features have not, -f with -o or -m, parts missing, repeated, cut short or of another run: a message, no table, exit 2 or 1" {
	scene1
	for o in "-f 2:1" "-f 1:3" "-f 1" "-f a:b" "-f 1:1 -o $TMP/o" "-f 1:1 -m $TMP/s1"; do
		# shellcheck disable=SC2086
		run --separate-stderr opml-events -c 0 $o umn "$TMP/s1"
		[ "$status" -eq 2 ] || { echo "$o"; show; false; }
		[ -z "$output" ]
	done
	run --separate-stderr opml-events -c 0 -f 2:1 umn "$TMP/s1"
	[ "${stderr%%$'\n'*}" = "opml-events: -f 2:1: no scene 2 in the features (scenes 1)" ]
	run --separate-stderr opml-events -c 0 -f 1:3 umn "$TMP/s1"
	[ "${stderr%%$'\n'*}" = "opml-events: -f 1:3: fold 1 or 2" ]
	opml-events -c 0 -f 1:1 umn "$TMP/s1" > "$TMP/p1"
	opml-events -c 0 -f 1:2 umn "$TMP/s1" > "$TMP/p2"
	cat "$TMP/p2" "$TMP/p1" "$TMP/p2" > "$TMP/twice"
	{ sed '$d' "$TMP/p1"; cat "$TMP/p2"; } > "$TMP/short"
	n2=$(grep -n '^#opml-events part s1.f2' "$TMP/twice" | tail -n 1 | cut -d: -f1)
	n3=$(grep -n '^#opml-events part s1.f2' "$TMP/short" | cut -d: -f1)
	while IFS='|' read -r f msg; do
		run --separate-stderr opml-events -c 0 -o "$TMP/out" -m "$TMP/$f" umn "$TMP/s1"
		[ "$status" -eq 1 ] || { echo "$f"; show; false; }
		[ -z "$output" ]
		[ "$stderr" = "opml-events: $TMP/$msg" ] || { echo "$f"; show; false; }
		[ ! -e "$TMP/out/scene1.auc" ]
	done <<-EOF
	p1|p1: no part s1.f2 (made by opml-events -f 1:2 with these options and input)
	twice|twice:$n2: part s1.f2 twice
	short|short:$n3: part s1.f1 cut short (no end line)
	s1|s1:1: not a line of a part of opml-events -f
	EOF
	# another setting, other labels
	cat "$TMP/p1" "$TMP/p2" > "$TMP/both"
	run --separate-stderr opml-events -c 0 -C 2 -m "$TMP/both" umn "$TMP/s1"
	[ "$status" -eq 1 ]
	[[ $stderr == "opml-events: $TMP/both:1: part s1.f1 is of another run: -C 1 -c 0 "*"; this run: -C 2 -c 0 "* ]]
	run --separate-stderr opml-events -c 0 -l caption -m "$TMP/both" umn "$TMP/s1"
	[ "$status" -eq 1 ]
	[[ $stderr == *": part s1.f1 is of another run: "* ]]
	opml-events -c 0 -m "$TMP/both" umn "$TMP/s1" | cmp - <(opml-events -c 0 umn "$TMP/s1")
}
