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

@test "umn: per scene, the opml-stat table of the euclidean, opml and copml AUC" {
	# every third frame of the three scenes: the whole table's layout
	# at a fraction of the work (man.bats checks the figures of the
	# whole, the README's and opml-events(1)'s)
	gzip -dc "$DATA/umn/mhof.txt.gz" | awk 'NR % 3 == 1' > "$TMP/third"
	run --separate-stderr opml-events umn "$TMP/third"
	show
	[ "$status" -eq 0 ]
	[ "${#lines[@]}" -eq 15 ]
	for k in 0 5 10; do
		[ "${lines[k]}" = "scene$((k / 5 + 1))" ]
		[[ ${lines[k + 1]} == "#column"* ]]
		[[ ${lines[k + 2]} == "euclidean  2  0."* ]]
		[[ ${lines[k + 3]} == "opml "*" ref" ]]
		[[ ${lines[k + 4]} == "copml "* ]]
	done
}

@test "umn FILE: the AUCs are those of the tools run by hand on the folds of videos" {
	scene1
	echo "euclidean opml copml" > "$TMP/want.auc"
	for f in 1 2; do
		d=$TMP/f$f
		mkdir "$d"
		# test: video f; train: the other video, train file then test file
		awk -v v="$f" '$1 == "train" v ".avi" || $1 == "test" v ".avi"' "$TMP/s1" |
		    cut -d ' ' -f 3- > "$d/test"
		awk -v v=$((3 - f)) '$1 == "train" v ".avi" || $1 == "test" v ".avi"' "$TMP/s1" |
		    cut -d ' ' -f 3- > "$d/train"
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
	{ echo scene1; opml-stat -H -r opml "$TMP/want.auc"; echo; } | cmp - "$TMP/got"
}

@test "-c K: beside each frame its change from the mean of the K frames before it in its video" {
	# scene 1's two videos, each a train file of 30 frames and a test
	# file of 30 (abnormal from its 10th), 3 features of small whole
	# numbers, so that the means are exact
	for v in 1 2; do
		for f in train test; do
			awk -v f="$f$v.avi" -v v="$v" 'BEGIN {
				for (t = 0; t < 30; t++) {
					a = f ~ /test/ && t >= 10
					print f, t + 1, a, (t * 7 + v) % 5 + a, (t * t + a) % 7, (t + 2 * v) % 3
				}
			}'
		done
	done > "$TMP/x"
	# by hand: the window summed afresh each frame, per video
	awk -v K=3 '{
		v = $1; gsub(/train|test/, "", v)
		if (v != video) { video = v; n = 0 }
		for (j = 4; j <= 6; j++) x[n, j] = $j
		m = n < K ? n : K
		line = $0
		for (j = 4; j <= 6; j++) {
			s = 0
			for (i = 1; i <= m; i++) s += x[n - i, j]
			line = line " " (m ? sprintf("%.6f", $j - s / m) + 0 : 0)
		}
		n++
		print line
	}' "$TMP/x" > "$TMP/x.context"
	# the first frame of a test file has the last 3 of its train file
	# before it: 1 - (0 + 2 + 4) / 3 for video 1's first feature
	[ "$(awk '$1 == "test1.avi" && $2 == 1 { print $7 }' "$TMP/x.context")" = -1 ]
	opml-events -c 3 umn "$TMP/x" > "$TMP/got"
	opml-events -c 0 umn "$TMP/x.context" | cmp - "$TMP/got"
	# and it changes the figures
	opml-events -c 0 umn "$TMP/x" > "$TMP/plain"
	! cmp -s "$TMP/plain" "$TMP/got"
}

@test "-i: folds of odd and even frames, neighbours on both sides: higher AUCs" {
	scene1
	opml-events umn "$TMP/s1" > "$TMP/videos"
	opml-events -i umn "$TMP/s1" > "$TMP/frames"
	! cmp -s "$TMP/videos" "$TMP/frames"
	for m in euclidean opml copml; do
		a=$(awk -v m="$m" '$1 == m { print $3 }' "$TMP/videos")
		b=$(awk -v m="$m" '$1 == m { print $3 }' "$TMP/frames")
		awk -v a="$a" -v b="$b" 'BEGIN { exit !(b > a) }'
	done
}

@test "-o DIR: scores, the ROC figure and the strips of truth and detections per video" {
	scene1
	opml-events -o "$TMP/out" umn "$TMP/s1" > /dev/null
	for m in euclidean opml copml; do
		# a score and a label per test frame of both folds
		[ "$(wc -l < "$TMP/out/scene1-$m.scores")" -eq "$(wc -l < "$TMP/s1")" ]
	done
	[ "$(awk '{ s += $2 } END { print s }' "$TMP/out/scene1-copml.scores")" -eq \
	    "$(awk '{ s += $3 } END { print s }' "$TMP/s1")" ]
	grep -q '<svg' "$TMP/out/scene1-roc.svg"
	# the legend names the methods as the other figures do
	for n in Euclidean OPML COPML; do grep -q ">$n<" "$TMP/out/scene1-roc.svg"; done
	# the truth strip of each video: as many pixels as frames, red ones
	# as many as abnormal frames (90 + 110 in clips.tsv)
	awk -F '"' '/<rect x=/ && $4 ~ /^(36|80)$/ { w[$4] += $6; if ($10 == "#d62728") r[$4] += $6 }
	END { exit !(w[36] == 474 + 146 && w[80] == 675 + 149 && r[36] == 90 && r[80] == 110) }' \
	    "$TMP/out/scene1-detections.svg"
	[ ! -e "$TMP/out/mhof.txt" ]
}

@test "DIR: decodes the clips of clips.tsv with ffmpeg into the features shipped" {
	need ffmpeg ffmpeg
	mkdir "$TMP/clips"
	# 3_test3.avi twice, as the two videos of a scene
	cp "$DATA/umn/3_test3.avi" "$TMP/clips/a_test1.avi"
	cp "$DATA/umn/3_test3.avi" "$TMP/clips/a_test2.avi"
	printf 'a_test1.avi\t3\t80\t42\t61\na_test2.avi\t3\t80\t42\t61\n' > "$TMP/clips/clips.tsv"
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
	printf 'a_test1.avi\t3\t81\t42\t61\n' > "$TMP/clips/clips.tsv"
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
	for o in "" "-x umn" "-g" "-s x umn" "-c -1 umn" "-c 1.5 umn" "umn a b" "dir extra"; do
		run opml-events $o
		[ "$status" -eq 2 ] || { echo "options: $o"; show; false; }
	done
	run --separate-stderr opml-events -x umn
	[ "${stderr%%$'\n'*}" = "opml-events: invalid option -- 'x'" ]
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
		interrupt "${s%.*}" "${s#*.}" 'ls "$TMPDIR"/opml-events.*/s1.f1/opml.model > /dev/null 2>&1' \
		    opml-events umn
		[ "$status" -eq "$(kill -l "${s%.*}" | awk '{ print 128 + $1 }')" ]
		[ -z "$stderr" ]
		[ -z "$left" ]
		[ -z "$alive" ]
	done
}
