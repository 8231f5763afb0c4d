// stencil.cpp - libroofline from C++: the scope guard roofline::region.
//
//     b[i] = (a[i-1] + a[i] + a[i+1]) * (1/3)      n doubles, i = 1 .. n-2
//
// 3 flops (two adds, one multiply) and 16 bytes (read a, write b; the
// neighbours come from cache) per element. The guard begins the region where
// it is declared and ends it, with the totals it was given, when its scope is
// left, so a return or an exception still ends it.
//
//     stencil_cxx [N [REPEATS]]     (rows to $ROOFLINE_POINTS at exit)
#include <roofline.h>

#include <cstdio>
#include <cstdlib>
#include <vector>

static void smooth(std::vector<double> &b, const std::vector<double> &a)
{
	const double third = 1.0 / 3.0;
	for (std::size_t i = 1; i + 1 < a.size(); i++)
		b[i] = (a[i - 1] + a[i] + a[i + 1]) * third;
}

int main(int argc, char **argv)
{
	std::size_t n = argc > 1 ? std::strtoul(argv[1], nullptr, 10) : std::size_t(1) << 20;
	int repeats = argc > 2 ? std::atoi(argv[2]) : 20;
	if (n < 3 || repeats < 1) {
		std::fprintf(stderr, "usage: stencil_cxx [N [REPEATS]]\n");
		return 2;
	}
	std::vector<double> a(n), b(n, 0.0);
	for (std::size_t i = 0; i < n; i++)
		a[i] = double(i % 9);
	const double inner = double(n - 2);
	roofline_set_version("cxx");
	for (int r = 0; r < repeats; r++) {
		roofline::region region("stencil3", 3.0 * inner, 16.0 * inner);
		smooth(b, a);
	}
	for (std::size_t i = 1; i + 1 < n; i++) {
		double want = (a[i - 1] + a[i] + a[i + 1]) * (1.0 / 3.0);
		if (b[i] != want) {
			std::fprintf(stderr, "stencil_cxx: wrong result at %zu\n", i);
			return 1;
		}
	}
	std::printf("stencil_cxx: n = %zu, %d repeats, checked\n", n, repeats);
	return 0;
}
