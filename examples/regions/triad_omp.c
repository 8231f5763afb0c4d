/*
 * triad_omp.c - libroofline's regions around a triad, on one thread and on
 * every thread OpenMP starts (OMP_NUM_THREADS; one per core is what the
 * all-core roofs were measured with):
 *
 *     a[i] = b[i] + s * c[i]      n doubles per array
 *
 * 2 flops and 24 bytes per element (read b and c, write a: STREAM's
 * convention). Inside the parallel region every thread calls begin and end
 * with the whole triad's totals; the library records one execution, timed
 * from the first begin to the last end, with threads = the team's size, so
 * the row is judged against the run's @Nt roofs. The implicit barrier of
 * `omp for` holds every thread until all have begun.
 *
 *     triad_omp [N [REPEATS]]    (default N = 4M: 32 MiB per array; rows to $ROOFLINE_POINTS)
 */
#include <roofline.h>

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
	size_t n = argc > 1 ? (size_t)strtoul(argv[1], NULL, 10) : (size_t)1 << 22;
	int repeats = argc > 2 ? atoi(argv[2]) : 20;
	if (n < 1 || repeats < 1) {
		fprintf(stderr, "usage: triad_omp [N [REPEATS]]\n");
		return 2;
	}
	double *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b), *c = malloc(n * sizeof *c);
	if (!a || !b || !c) {
		fprintf(stderr, "triad_omp: out of memory\n");
		return 1;
	}
	const double s = 3.0, flops = 2.0 * (double)n, bytes = 24.0 * (double)n;
	/* First touch by the threads that will use each part (static schedule both times). */
#pragma omp parallel for schedule(static)
	for (size_t i = 0; i < n; i++) {
		a[i] = 0;
		b[i] = (double)(i % 100);
		c[i] = (double)(i % 7);
	}

	roofline_set_version("serial");
	for (int r = 0; r < repeats; r++) {
		roofline_region_begin("triad");
		for (size_t i = 0; i < n; i++)
			a[i] = b[i] + s * c[i];
		roofline_region_end("triad", flops, bytes);
	}

	int threads = 1;
	roofline_set_version("omp");
	for (int r = 0; r < repeats; r++) {
#pragma omp parallel
		{
			roofline_region_begin("triad");
#pragma omp for schedule(static)
			for (size_t i = 0; i < n; i++)
				a[i] = b[i] + s * c[i];
			roofline_region_end("triad", flops, bytes);
#pragma omp single
			threads = omp_get_num_threads();
		}
	}

	for (size_t i = 0; i < n; i++)
		if (a[i] != b[i] + s * c[i]) {
			fprintf(stderr, "triad_omp: wrong result at %zu\n", i);
			return 1;
		}
	printf("triad_omp: n = %zu, %d repeats, 1 and %d threads, checked\n", n, repeats, threads);
	free(a);
	free(b);
	free(c);
	return 0;   /* the rows are written at exit */
}
