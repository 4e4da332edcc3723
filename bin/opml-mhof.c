/*
 * opml-mhof: raw 8-bit grey frames in, one line of MHOF features per
 * pair of successive frames out (lib/flow.c, lib/mhof.c).
 */
#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "buf.h"
#include "flow.h"
#include "mhof.h"
#include "opt.h"
#include "output.h"
#include "prog.h"

static const char synopsis[] =
    "opml-mhof [-h] -s WxH [-g CxR] [-l levels] [-m x,y,w,h] [-o file]\n"
    "          [-p digits] [-r radius] [-t tau] [file]\n"
    "opml-mhof [-h] -F -s WxH [-l levels] [-m x,y,w,h] [-o file] [-p digits]\n"
    "          [-r radius] [file]";
static const char options[] =
    "  -F          print the flow, a line `frame x y u v' per pixel\n"
    "  -g CxR      the grid: C columns, R rows of patches (default 5x4)\n"
    "  -h          print this help and exit\n"
    "  -l levels   the flow's pyramid levels (default 2)\n"
    "  -m x,y,w,h  mask the rectangle at (x, y), w by h pixels "
    "(repeatable)\n"
    "  -o file     write to file, whole or not at all\n"
    "  -p digits   digits after the decimal point (default 4)\n"
    "  -r radius   the flow's window: 2 radius + 1 pixels square "
    "(default 2)\n"
    "  -s WxH      the frames' width and height in pixels (required)\n"
    "  -t tau      the magnitude between the two scales, in pixels "
    "(default 0.5)\n";

/* "AxB" (or n numbers joined by sep) into v, each in [lo, hi], or exit
 * 2 naming the option. */
static void
numbers(int opt, const char *s, int sep, size_t n, unsigned long long lo,
    unsigned long long hi, size_t *v)
{
	char *copy = opml_prog_strdup(s), *p = copy, *q;
	size_t k;

	for (k = 0; k < n; k++) {
		q = strchr(p, sep);
		if ((q == NULL) != (k + 1 == n))
			errx(2, "-%c %s: expected %zu numbers joined by '%c'",
			    opt, s, n, sep);
		if (q != NULL)
			*q = '\0';
		v[k] = opml_prog_uint(opt, p, lo, hi);
		/* past the separator; after the last number there is none
		 * (and NULL + 1 is undefined) */
		if (q != NULL)
			p = q + 1;
	}
	free(copy);
}

/* Read one frame of n bytes: 1, 0 at the end, or exit naming the
 * frame that ends short. */
static int
frame(int fd, const char *name, unsigned char *buf, size_t n,
    unsigned long long no, const size_t *size)
{
	size_t got = 0;
	ssize_t k;

	while (got < n) {
		k = read(fd, buf + got, n - got);
		if (k == -1 && errno == EINTR)
			continue;
		if (k == -1)
			err(1, "%s", name);
		if (k == 0)
			break;
		got += (size_t)k;
	}
	if (got == 0)
		return 0;
	if (got < n)
		errx(1, "%s: frame %llu: %zu of %zu bytes: the stream is not "
		    "whole %zux%zu frames", name, no, got, n, size[0], size[1]);
	return 1;
}

/* " x" rounded to digits decimals, trailing zeros and point dropped,
 * and no "-0". */
static void
put(struct opml_buf *b, double x, int digits)
{
	char s[64];
	size_t n;

	n = (size_t)snprintf(s, sizeof s, " %.*f", digits, x);
	if (memchr(s, '.', n) != NULL) {
		while (s[n - 1] == '0')
			n--;
		if (s[n - 1] == '.')
			n--;
	}
	if (n == 3 && memcmp(s, " -0", 3) == 0) {
		s[1] = '0';
		n = 2;
	}
	opml_prog_put(b, s, n);
}

/* The flow of frame no, a line "no x y u v" per pixel, masked pixels 0. */
static void
flowlines(struct opml_buf *b, struct opml_output *o,
    const struct opml_mhof *m, const float *u, const float *v,
    unsigned long long no, int digits)
{
	char line[80];
	size_t x, y, i;
	int masked;

	for (y = 0; y < m->h; y++)
		for (x = 0; x < m->w; x++) {
			i = y * m->w + x;
			masked = m->mask != NULL && m->mask[i];
			snprintf(line, sizeof line, "%llu %zu %zu", no, x, y);
			opml_prog_put(b, line, strlen(line));
			put(b, masked ? 0 : u[i], digits);
			put(b, masked ? 0 : v[i], digits);
			opml_prog_put(b, "\n", 1);
			opml_prog_flush(b, o, 0);
		}
}

int
main(int argc, char *argv[])
{
	struct opml_output out;
	struct opml_buf buf = OPML_BUF_INIT;
	struct opml_flow flow;
	struct opml_mhof mhof;
	const char *outpath = NULL, *name;
	size_t size[2] = { 0, 0 }, grid[2] = { 5, 4 }, (*mask)[4] = NULL;
	size_t nmask = 0, n, d, k;
	unsigned long long no = 0, digits = 4, radius = 2, levels = 2;
	double tau = 0.5, *x;
	float *u, *v;
	unsigned char *img;
	char num[64];
	int ch, fd, flowonly = 0;

	opml_prog_init(argc, argv, synopsis, options);
	while ((ch = getopt(argc, argv, "Fg:hl:m:o:p:r:s:t:")) != -1) {
		switch (ch) {
		case 'F':
			flowonly = 1;
			break;
		case 'g':
			numbers(ch, optarg, 'x', 2, 1, 100000, grid);
			break;
		case 'h':
			opml_prog_help();
			break;
		case 'l':
			levels = opml_prog_uint(ch, optarg, 1, OPML_FLOW_MAXLEVELS);
			break;
		case 'm':
			mask = opml_prog_realloc(mask, nmask + 1, sizeof *mask);
			numbers(ch, optarg, ',', 4, 0, 100000, mask[nmask++]);
			break;
		case 'o':
			outpath = optarg;
			break;
		case 'p':
			digits = opml_prog_uint(ch, optarg, 0, 9);
			break;
		case 'r':
			radius = opml_prog_uint(ch, optarg, 1, 50);
			break;
		case 's':
			numbers(ch, optarg, 'x', 2, 1, 100000, size);
			break;
		case 't':
			tau = opml_prog_real(ch, optarg, 0, 1e6);
			break;
		default:
			opml_prog_usage();
		}
	}
	argc -= optind;
	argv += optind;
	if (size[0] == 0 || argc > 1)
		opml_prog_usage();
	if (grid[0] > size[0] || grid[1] > size[1])
		errx(2, "-g %zux%zu: more patches than pixels of a %zux%zu "
		    "frame", grid[0], grid[1], size[0], size[1]);
	n = size[0] * size[1];
	d = OPML_MHOF_BINS * grid[0] * grid[1];
	opml_mhof_init(&mhof, size[0], size[1], grid[0], grid[1], (float)tau);
	for (k = 0; k < nmask; k++) {
		if (mask[k][0] >= size[0] || mask[k][1] >= size[1])
			errx(2, "-m %zu,%zu,%zu,%zu: outside the %zux%zu frame",
			    mask[k][0], mask[k][1], mask[k][2], mask[k][3],
			    size[0], size[1]);
		if (opml_mhof_mask(&mhof, mask[k][0], mask[k][1], mask[k][2],
		    mask[k][3]) == -1)
			opml_prog_nomem();
	}
	if (opml_flow_init(&flow, size[0], size[1], (int)radius,
	    (int)levels) == -1)
		opml_prog_nomem();
	img = opml_prog_alloc(n, 1);
	u = opml_prog_alloc(n, sizeof *u);
	v = opml_prog_alloc(n, sizeof *v);
	x = opml_prog_alloc(d, sizeof *x);

	argv = opml_prog_files(argc, argv, "frames");
	name = opml_prog_name(argv[0]);
	if (strcmp(argv[0], "-") == 0)
		fd = STDIN_FILENO;
	else if ((fd = open(argv[0], O_RDONLY)) == -1) {
		if (errno == ENOENT && argv[0][0] == '-')
			errx(1, "%s: %s (options go before the files)", name,
			    strerror(errno));
		err(1, "%s", name);
	}
	opml_prog_open(&out, outpath);
	for (; frame(fd, name, img, n, no, size); no++) {
		opml_mhof_blank(&mhof, img);
		if (opml_flow_next(&flow, img, u, v) == 0)
			continue;
		if (flowonly) {
			flowlines(&buf, &out, &mhof, u, v, no, (int)digits);
			continue;
		}
		opml_mhof_hist(&mhof, u, v, x);
		snprintf(num, sizeof num, "%llu", no);
		opml_prog_put(&buf, num, strlen(num));
		for (k = 0; k < d; k++)
			put(&buf, x[k], (int)digits);
		opml_prog_put(&buf, "\n", 1);
		opml_prog_flush(&buf, &out, 0);
	}
	if (no == 0)
		errx(1, "%s: no frames", name);
	if (no == 1)
		errx(1, "%s: one frame: no pair to take the flow of", name);
	opml_prog_flush(&buf, &out, 1);
	opml_prog_commit(&out);
	if (fd != STDIN_FILENO)
		close(fd);
	opml_buf_free(&buf);
	opml_flow_free(&flow);
	opml_mhof_free(&mhof);
	free(mask);
	free(img);
	free(u);
	free(v);
	free(x);
	return 0;
}
