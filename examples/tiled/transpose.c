/*
 * transpose.c - the example of include/roofline.h: one loop, two versions,
 * two rows in a points file.
 *
 *     c[i][j] = a[i][j] + b[j][i]      n x n doubles
 *
 * 1 flop and 24 bytes per element (read a, read b, write c: STREAM's
 * convention, no write-allocate traffic), so both versions sit at the same
 * intensity, 1/24 flop/byte. The naive loop reads b down a column: each
 * element of b comes from another cache line, and for a large n the line
 * has left the cache before its neighbours are used. The tiled loop works
 * on TILE x TILE blocks whose lines of b stay in L1 while they are used.
 * Same flops, same bytes, more GFLOP/s: on the chart the arrow from naive
 * to tiled points straight up.
 *
 *     transpose POINTS.csv [N]       (default N = 2048: 32 MiB per matrix)
 */
#include <roofline.h>

#include <stdio.h>
#include <stdlib.h>

#define TILE 32

static void transpose_add_naive(double *restrict c, const double *restrict a, const double *restrict b,
				size_t n)
{
	for (size_t i = 0; i < n; i++)
		for (size_t j = 0; j < n; j++)
			c[i * n + j] = a[i * n + j] + b[j * n + i];
}

static void transpose_add_tiled(double *restrict c, const double *restrict a, const double *restrict b,
				size_t n)
{
	for (size_t ii = 0; ii < n; ii += TILE)
		for (size_t jj = 0; jj < n; jj += TILE)
			for (size_t i = ii; i < ii + TILE && i < n; i++)
				for (size_t j = jj; j < jj + TILE && j < n; j++)
					c[i * n + j] = a[i * n + j] + b[j * n + i];
}

int main(int argc, char **argv)
{
	if (argc < 2 || argc > 3) {
		fprintf(stderr, "usage: transpose POINTS.csv [N]\n");
		return 2;
	}
	size_t n = argc == 3 ? (size_t)strtoul(argv[2], NULL, 10) : 2048;
	if (n < TILE || n > 32768) {
		fprintf(stderr, "transpose: N from %d to 32768\n", TILE);
		return 2;
	}
	double *a = malloc(n * n * sizeof *a), *b = malloc(n * n * sizeof *b);
	double *c1 = malloc(n * n * sizeof *c1), *c2 = malloc(n * n * sizeof *c2);
	if (!a || !b || !c1 || !c2) {
		fprintf(stderr, "transpose: out of memory\n");
		return 1;
	}
	for (size_t i = 0; i < n * n; i++) {
		a[i] = (double)(i % 1000);
		b[i] = (double)(i % 7);
		c1[i] = c2[i] = 0;
	}
	double flops = (double)n * n, bytes = 24.0 * n * n;
	ROOFLINE_TIME(argv[1], "transpose_add", "naive", flops, bytes, transpose_add_naive(c1, a, b, n));
	ROOFLINE_TIME(argv[1], "transpose_add", "tiled", flops, bytes, transpose_add_tiled(c2, a, b, n));

	/* Both versions must compute the same thing, exactly (one add per element). */
	for (size_t i = 0; i < n; i++)
		for (size_t j = 0; j < n; j++)
			if (c1[i * n + j] != a[i * n + j] + b[j * n + i] || c2[i * n + j] != c1[i * n + j]) {
				fprintf(stderr, "transpose: wrong result at %zu,%zu\n", i, j);
				return 1;
			}
	printf("transpose: n = %zu, both versions checked; rows appended to %s\n", n, argv[1]);
	free(a);
	free(b);
	free(c1);
	free(c2);
	return 0;
}
