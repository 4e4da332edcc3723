#!/usr/bin/env bats
# opml-mhof: the flow of a texture moved by a known amount, MHOF bins
# worked by hand, the mask, errors, and the shipped UMN features
# recomputed from a clip.

load helper

# texture W H U V [N]: N frames (default 2) of W x H bytes, frame k the
# smooth texture moved by k (U, V) pixels (x right, y down), rounded to
# grey levels 2..253
texture() {
	awk -v W="$1" -v H="$2" -v u="$3" -v v="$4" -v n="${5:-2}" 'BEGIN {
		pi = atan2(0, -1)
		for (f = 0; f < n; f++)
			for (y = 0; y < H; y++)
				for (x = 0; x < W; x++) {
					X = x - f * u; Y = y - f * v
					g = 50 * sin(2 * pi * X / 19) * cos(2 * pi * Y / 23)
					g += 128 + 40 * cos(2 * pi * (X + 2 * Y) / 29)
					printf "%c", int(g + 0.5)
				}
	}'
}

# flowcheck LEVELS U V MEAN WORST: the -F flow on LEVELS levels of the
# texture moved by (U, V), 8 pixels or more from the border: the mean
# within MEAN of (U, V), every pixel within WORST
flowcheck() {
	texture 64 48 "$2" "$3" > "$TMP/frames"
	opml-mhof -F -l "$1" -s 64x48 "$TMP/frames" > "$TMP/flow"
	[ "$(wc -l < "$TMP/flow")" -eq $((64 * 48)) ]
	awk -v U="$2" -v V="$3" -v mean="$4" -v worst="$5" '
	function abs(a) { return a < 0 ? -a : a }
	$1 != 1 { bad = "frame " $1 }
	$2 >= 8 && $2 < 56 && $3 >= 8 && $3 < 40 {
		n++; su += $4; sv += $5
		e = abs($4 - U); if (e > emax) emax = e
		e = abs($5 - V); if (e > emax) emax = e
	}
	END {
		if (bad != "") { print bad; exit 1 }
		printf "(%g, %g): mean (%g, %g), worst %g over %d pixels\n",
		    U, V, su / n, sv / n, emax, n
		exit !(n == 48 * 32 && abs(su / n - U) <= mean &&
		    abs(sv / n - V) <= mean && emax <= worst)
	}' "$TMP/flow"
}

@test "a texture moved by (u, v) under a pixel gives that flow away from the borders" {
	# one level: within 0.02 on average, 0.1 at every pixel
	flowcheck 1 0.6 -0.3 0.02 0.1
	flowcheck 1 0 0.5 0.02 0.1
	flowcheck 1 -0.25 0 0.02 0.1
	flowcheck 1 -0.4 -0.4 0.02 0.1
	# two levels (the default): as close on average, the interpolated
	# warp less exact at single pixels
	flowcheck 2 0.6 -0.3 0.02 0.35
	flowcheck 2 -0.4 -0.4 0.02 0.35
}

@test "moved by 2 to 4 pixels: two levels give that flow, one level overshoots" {
	flowcheck 2 2 1 0.05 0.25
	flowcheck 2 3 -1.5 0.05 0.25
	flowcheck 2 -4 2 0.2 0.75
	# one level: 3 pixels come out as 3.6 on average
	run flowcheck 1 3 -1.5 0.3 10
	show
	[ "$status" -eq 1 ]
	[[ $output == "(3, -1.5): mean (3.6"* ]]
	# the default is two levels
	opml-mhof -F -s 64x48 "$TMP/frames" | cmp - "$TMP/flow" && false
	opml-mhof -F -s 64x48 -l 2 "$TMP/frames" > "$TMP/l2"
	opml-mhof -F -s 64x48 "$TMP/frames" | cmp - "$TMP/l2"
}

@test "a still texture has no flow; moved by a pixel, one within 0.05 on average" {
	texture 64 48 0 0 > "$TMP/still"
	opml-mhof -F -s 64x48 "$TMP/still" | awk '$4 != 0 || $5 != 0 { exit 1 }'
	texture 64 48 1 0 > "$TMP/moved"
	opml-mhof -F -s 64x48 "$TMP/moved" | awk '$2 >= 8 && $2 < 56 && $3 >= 8 && $3 < 40 {
		n++; su += $4; sv += $5 }
	END { exit !(su / n > 0.95 && su / n < 1.05 && sv / n > -0.05 && sv / n < 0.05) }'
}

# bins W H C R TAU U V: the MHOF line of the texture moved by (U, V)
bins() {
	texture "$1" "$2" "$6" "$7" | opml-mhof -s "$1x$2" -g "$3x$4" -t "$5"
}

# expect BIN: in every patch, bin BIN at least 0.9 (the share of the
# patch's pixels that move in that direction at that scale), every
# other bin below 0.06 (bins counted from 0, 16 a patch)
expect() {
	awk -v b="$1" '{
		for (j = 2; j <= NF; j++) {
			k = (j - 2) % 16
			if (k == b && $j < 0.9) {
				print "field " j ": " $j; exit 1 }
			if (k != b && $j >= 0.06) { print "field " j ": " $j; exit 1 }
		}
	}'
}

@test "MHOF: the motion's direction and scale pick the bin worked by hand, the share of pixels the value" {
	# 2 x 2 patches of 32 x 24; each pixel's flow of magnitude r
	# counts in bin k (direction k 45 degrees, y down) if r < tau, in
	# 8 + k if not; the bin holds the count over the patch's pixels
	run bins 64 48 2 2 1 0.6 0
	show
	[ "${#lines[@]}" -eq 1 ]
	[ "$(echo "${lines[0]}" | awk '{ print NF }')" -eq 65 ]
	[ "$(echo "${lines[0]}" | cut -d ' ' -f 1)" = 1 ]
	echo "${lines[0]}" | expect 0	# right, small scale
	bins 64 48 2 2 0.5 0.6 0 | expect 8	# right, large scale
	bins 64 48 2 2 1 0 0.6 | expect 2	# down
	bins 64 48 2 2 1 -0.6 0 | expect 4	# left
	bins 64 48 2 2 1 0 -0.6 | expect 6	# up
	bins 64 48 2 2 1 0.4 -0.4 | expect 7	# up and right
	bins 64 48 2 2 0.3 -0.4 0.4 | expect 11	# down and left, large
	bins 64 48 2 2 0.5 2 2 | expect 9	# down and right, 2.8 pixels, large
	# the default threshold is 0.5
	bins 64 48 2 2 0.5 0.6 0 > "$TMP/t05"
	texture 64 48 0.6 0 | opml-mhof -s 64x48 -g 2x2 | cmp - "$TMP/t05"
}

@test "n frames give n - 1 lines, numbered from 1, of 16 numbers a patch; -p sets the decimals" {
	texture 40 30 0.3 0.2 5 > "$TMP/f"
	run opml-mhof -s 40x30 -g 4x3 "$TMP/f"
	[ "$status" -eq 0 ]
	[ "${#lines[@]}" -eq 4 ]
	[ "$(printf '%s\n' "${lines[@]}" | cut -d ' ' -f 1 | paste -s -d ' ' -)" = "1 2 3 4" ]
	[ "$(printf '%s\n' "${lines[@]}" | awk '{ print NF }' | sort -u)" = 193 ]
	# 4 decimals, trailing zeros dropped: no field has 5
	! printf '%s\n' "${lines[@]}" | grep -Eq '\.[0-9]{5}'
	opml-mhof -s 40x30 -g 4x3 -p 9 < "$TMP/f" > "$TMP/p9"
	awk '{ for (j = 2; j <= NF; j++) printf "%s%.4f", (j > 2 ? " " : ""), $j; print "" }' "$TMP/p9" > "$TMP/r4"
	printf '%s\n' "${lines[@]}" | awk '{ for (j = 2; j <= NF; j++) printf "%s%.4f", (j > 2 ? " " : ""), $j; print "" }' |
	    cmp - "$TMP/r4"
}

@test "-m: what the masked rectangle holds changes nothing; unmasked it does" {
	texture 64 48 0.5 0 > "$TMP/a"
	# the same frames with a bright box flashing in the second, in
	# columns 4-19 and rows 6-13
	cp "$TMP/a" "$TMP/b"
	for y in 6 7 8 9 10 11 12 13; do
		printf '\377\377\377\377\377\377\377\377\377\377\377\377\377\377\377\377' |
		    dd of="$TMP/b" bs=1 seek=$((64 * 48 + 64 * y + 4)) conv=notrunc status=none
	done
	! cmp -s "$TMP/a" "$TMP/b"
	opml-mhof -s 64x48 -g 2x2 -m 4,6,16,8 "$TMP/a" > "$TMP/ma"
	opml-mhof -s 64x48 -g 2x2 -m 4,6,16,8 "$TMP/b" > "$TMP/mb"
	cmp "$TMP/ma" "$TMP/mb"
	opml-mhof -s 64x48 -g 2x2 "$TMP/a" > "$TMP/ua"
	opml-mhof -s 64x48 -g 2x2 "$TMP/b" > "$TMP/ub"
	! cmp -s "$TMP/ua" "$TMP/ub"
	# two rectangles; one cut at the frame's edge; masked pixels' flow 0
	opml-mhof -F -s 64x48 -m 0,0,8,8 -m 60,40,100,100 "$TMP/a" |
	    awk '($2 < 8 && $3 < 8) || ($2 >= 60 && $3 >= 40) { if ($4 != 0 || $5 != 0) exit 1; n++ }
	    END { exit n != 64 + 32 }'
}

@test "a short last frame, a stream of the wrong size, an empty stream, one frame: data errors" {
	texture 40 30 0.3 0 3 > "$TMP/f"
	head -c $((1200 * 2 + 700)) "$TMP/f" > "$TMP/short"
	run --separate-stderr opml-mhof -s 40x30 -g 2x2 "$TMP/short"
	[ "$status" -eq 1 ]
	[ "$stderr" = "opml-mhof: $TMP/short: frame 2: 700 of 1200 bytes: the stream is not whole 40x30 frames" ]
	run --separate-stderr opml-mhof -s 40x31 -g 2x2 "$TMP/f"
	[ "$status" -eq 1 ]
	[[ $stderr == *"frame 2: 1120 of 1240 bytes"* ]]
	run --separate-stderr opml-mhof -s 40x30 -g 2x2 < /dev/null
	[ "$status" -eq 1 ]
	[ "$stderr" = "opml-mhof: stdin: no frames" ]
	head -c 1200 "$TMP/f" > "$TMP/one"
	run --separate-stderr opml-mhof -s 40x30 -g 2x2 "$TMP/one"
	[ "$status" -eq 1 ]
	[ "$stderr" = "opml-mhof: $TMP/one: one frame: no pair to take the flow of" ]
	# -o leaves no file on an error
	run opml-mhof -s 40x30 -g 2x2 -o "$TMP/out" "$TMP/short"
	[ "$status" -eq 1 ]
	[ ! -e "$TMP/out" ]
	run opml-mhof -s 40x30 -g 2x2 "$TMP/none"
	[ "$status" -eq 1 ]
	[[ $output == *"$TMP/none"* ]]
}

@test "usage errors exit 2" {
	for o in "" "-s 40" "-s 0x30" "-s 40x30x2" "-s x30" "-s 40x30 -g 41x1" \
	    "-s 40x30 -g 5" "-s 40x30 -m 1,2,3" "-s 40x30 -m 40,0,1,1" \
	    "-s 40x30 -r 0" "-s 40x30 -l 0" "-s 40x30 -l 9" "-s 40x30 -t -1" "-s 40x30 -p 10" "-s 40x30 -q" \
	    "-s 40x30 a b"; do
		run opml-mhof $o < /dev/null
		[ "$status" -eq 2 ] || { echo "options: $o"; show; false; }
	done
	run opml-mhof -h
	[ "$status" -eq 0 ]
	[[ $output == *"-m x,y,w,h"* ]]
}

@test "the shipped UMN features of 3_test3.avi are those recomputed from the clip" {
	need ffmpeg ffmpeg
	ffmpeg -nostdin -v error -i "$DATA/umn/3_test3.avi" -f rawvideo -pix_fmt gray - |
	    opml-mhof -s 320x240 -m 0,0,176,32 > "$TMP/got"
	[ "$(wc -l < "$TMP/got")" -eq 79 ]
	gzip -dc "$DATA/umn/mhof.txt.gz" | awk '$1 == "3_test3.avi" {
		$1 = ""; sub(/^ /, ""); print }' > "$TMP/want"
	cmp "$TMP/want" "$TMP/got"
}
