/*
 * png_ink.c - what a PNG holds in a rectangle, for the browser test's
 * screenshot (t0800): `png_ink FILE X0 Y0 X1 Y1` prints the image's width
 * and height, then how many pixels of [X0,X1) x [Y0,Y1) are inked (a
 * channel under 240: anything but white) and coloured (channels 80 or more
 * apart: the kernels' and roofs' colours, not the grey grid and text).
 * Exit 2 when the file is no PNG cairo can read.
 */
#include <cairo.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
	if (argc != 6) {
		fprintf(stderr, "usage: png_ink FILE X0 Y0 X1 Y1\n");
		return 2;
	}
	cairo_surface_t *img = cairo_image_surface_create_from_png(argv[1]);
	if (cairo_surface_status(img) != CAIRO_STATUS_SUCCESS) {
		fprintf(stderr, "png_ink: %s: %s\n", argv[1], cairo_status_to_string(cairo_surface_status(img)));
		return 2;
	}
	cairo_surface_flush(img);
	cairo_format_t fmt = cairo_image_surface_get_format(img);
	int w = cairo_image_surface_get_width(img), h = cairo_image_surface_get_height(img);
	int stride = cairo_image_surface_get_stride(img);
	const unsigned char *data = cairo_image_surface_get_data(img);
	int x0 = atoi(argv[2]), y0 = atoi(argv[3]), x1 = atoi(argv[4]), y1 = atoi(argv[5]);
	long inked = 0, coloured = 0;
	for (int y = y0 < 0 ? 0 : y0; y < y1 && y < h; y++)
		for (int x = x0 < 0 ? 0 : x0; x < x1 && x < w; x++) {
			unsigned px = ((const unsigned *)(data + (size_t)y * stride))[x];
			int r = px >> 16 & 0xff, g = px >> 8 & 0xff, b = px & 0xff;
			if (fmt == CAIRO_FORMAT_ARGB32 && (px >> 24) == 0)
				r = g = b = 255;   /* transparent: the page's white */
			int hi = r > g ? (r > b ? r : b) : (g > b ? g : b), lo = r < g ? (r < b ? r : b) : (g < b ? g : b);
			inked += lo < 240;
			coloured += hi - lo >= 80;
		}
	printf("%d %d %ld %ld\n", w, h, inked, coloured);
	cairo_surface_destroy(img);
	return 0;
}
