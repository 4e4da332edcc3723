/*
 * The vector k-NN tile (kernels.h), one source for AVX2 and AVX-512,
 * double and float: kernels.c includes this file once for each, with
 *
 *	TILE_NAME	the function's name
 *	TILE_TARGET	its target attribute
 *	TILE_T, TILE_V	the number and its vector type
 *	TILE_W		numbers a vector
 *	TILE_NR		rows a panel (OPML_TILE_NR or OPML_TILE_NRF)
 *	TILE_MR		queries a tile: 4 or 8
 *	TILE_MASK	the type of a query's mask: NR bits at least
 *	TILE_LOAD(p), TILE_STORE(p, v), TILE_SET1(x)
 *	TILE_FMA(a, b, c)	a b + c, rounded once
 *	TILE_LT(v, th)	bit i set where lane i of v < th (TILE_W bits)
 *
 * TILE_MR queries by 3 TILE_W rows in 3 TILE_MR accumulators, each
 * load of the panel feeding TILE_MR multiply-adds: 24 of the 32
 * registers of AVX-512 for 8 queries, 12 of the 16 of AVX2 for 4.
 * The chunks of 3 TILE_W rows go across the panel in turn (one on
 * AVX-512, two on AVX2).  The accumulators are named, not an array,
 * so that they stay in registers.
 */

/* one query's update of its three accumulators */
#define TILE_ROW(i, p, q, s)					\
	a = TILE_SET1(x[i]);					\
	p = TILE_FMA(a, b0, p);					\
	q = TILE_FMA(a, b1, q);					\
	s = TILE_FMA(a, b2, s)
/* its mask in the chunk at c, into m[i] and hit */
#define TILE_HITS(i, p, q, s) do {				\
	TILE_V th_ = TILE_SET1(thr[i]);				\
	TILE_MASK h_ = ((TILE_MASK)TILE_LT(p, th_) |		\
	    (TILE_MASK)TILE_LT(q, th_) << TILE_W |		\
	    (TILE_MASK)TILE_LT(s, th_) << 2 * TILE_W) << c;	\
	m[i] |= h_;						\
	hit |= h_;						\
} while (0)
/* its values in the chunk at c */
#define TILE_OUT(i, p, q, s) do {				\
	TILE_STORE(out + (i) * TILE_NR + c, p);			\
	TILE_STORE(out + (i) * TILE_NR + c + TILE_W, q);	\
	TILE_STORE(out + (i) * TILE_NR + c + 2 * TILE_W, s);	\
} while (0)

TILE_TARGET static int
TILE_NAME(const TILE_T *xq, const TILE_T *pan, size_t d, const TILE_T *thr,
    TILE_T *out, TILE_MASK *mask)
{
	TILE_MASK m[TILE_MR] = { 0 }, hit, any = 0;
	size_t c, t, r;

	for (c = 0; c < TILE_NR; c += 3 * TILE_W) {
		const TILE_T *y = pan + c, *x = xq;
		TILE_V b0 = TILE_LOAD(y), b1 = TILE_LOAD(y + TILE_W);
		TILE_V b2 = TILE_LOAD(y + 2 * TILE_W), a;
		TILE_V c00 = b0, c01 = b1, c02 = b2, c10 = b0, c11 = b1;
		TILE_V c12 = b2, c20 = b0, c21 = b1, c22 = b2, c30 = b0;
		TILE_V c31 = b1, c32 = b2;
#if TILE_MR == 8
		TILE_V c40 = b0, c41 = b1, c42 = b2, c50 = b0, c51 = b1;
		TILE_V c52 = b2, c60 = b0, c61 = b1, c62 = b2, c70 = b0;
		TILE_V c71 = b1, c72 = b2;
#endif

		for (t = 0; t < d; t++, x += TILE_MR) {
			y += TILE_NR;
			b0 = TILE_LOAD(y);
			b1 = TILE_LOAD(y + TILE_W);
			b2 = TILE_LOAD(y + 2 * TILE_W);
			TILE_ROW(0, c00, c01, c02);
			TILE_ROW(1, c10, c11, c12);
			TILE_ROW(2, c20, c21, c22);
			TILE_ROW(3, c30, c31, c32);
#if TILE_MR == 8
			TILE_ROW(4, c40, c41, c42);
			TILE_ROW(5, c50, c51, c52);
			TILE_ROW(6, c60, c61, c62);
			TILE_ROW(7, c70, c71, c72);
#endif
		}
		hit = 0;
		TILE_HITS(0, c00, c01, c02);
		TILE_HITS(1, c10, c11, c12);
		TILE_HITS(2, c20, c21, c22);
		TILE_HITS(3, c30, c31, c32);
#if TILE_MR == 8
		TILE_HITS(4, c40, c41, c42);
		TILE_HITS(5, c50, c51, c52);
		TILE_HITS(6, c60, c61, c62);
		TILE_HITS(7, c70, c71, c72);
#endif
		/* Stored where this chunk hit: only those are read. */
		if (hit == 0)
			continue;
		any |= hit;
		TILE_OUT(0, c00, c01, c02);
		TILE_OUT(1, c10, c11, c12);
		TILE_OUT(2, c20, c21, c22);
		TILE_OUT(3, c30, c31, c32);
#if TILE_MR == 8
		TILE_OUT(4, c40, c41, c42);
		TILE_OUT(5, c50, c51, c52);
		TILE_OUT(6, c60, c61, c62);
		TILE_OUT(7, c70, c71, c72);
#endif
	}
	for (r = 0; r < TILE_MR; r++)
		mask[r] = m[r];
	return any != 0;
}

#undef TILE_ROW
#undef TILE_HITS
#undef TILE_OUT
#undef TILE_NAME
#undef TILE_TARGET
#undef TILE_T
#undef TILE_V
#undef TILE_W
#undef TILE_NR
#undef TILE_MR
#undef TILE_MASK
#undef TILE_LOAD
#undef TILE_STORE
#undef TILE_SET1
#undef TILE_FMA
#undef TILE_LT
