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
 * AVX-512, two on AVX2).  The accumulators are named (c<query><third>),
 * not an array, so that they stay in registers; TILE_EACH applies a
 * step to every query's three.
 */

/* M(i, p, q, s) for each query i of the tile and its accumulators */
#if TILE_MR == 8
#define TILE_EACH(M)						\
	M(0, c00, c01, c02); M(1, c10, c11, c12);		\
	M(2, c20, c21, c22); M(3, c30, c31, c32);		\
	M(4, c40, c41, c42); M(5, c50, c51, c52);		\
	M(6, c60, c61, c62); M(7, c70, c71, c72)
#else
#define TILE_EACH(M)						\
	M(0, c00, c01, c02); M(1, c10, c11, c12);		\
	M(2, c20, c21, c22); M(3, c30, c31, c32)
#endif
/* query i's accumulators, from the panel's norms */
#define TILE_START(i, p, q, s)					\
	TILE_V p = b0, q = b1, s = b2
/* its update by feature t */
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
		TILE_EACH(TILE_START);

		for (t = 0; t < d; t++, x += TILE_MR) {
			y += TILE_NR;
			b0 = TILE_LOAD(y);
			b1 = TILE_LOAD(y + TILE_W);
			b2 = TILE_LOAD(y + 2 * TILE_W);
			TILE_EACH(TILE_ROW);
		}
		hit = 0;
		TILE_EACH(TILE_HITS);
		/* Stored where this chunk hit: only those are read. */
		if (hit == 0)
			continue;
		any |= hit;
		TILE_EACH(TILE_OUT);
	}
	for (r = 0; r < TILE_MR; r++)
		mask[r] = m[r];
	return any != 0;
}

#undef TILE_EACH
#undef TILE_START
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
