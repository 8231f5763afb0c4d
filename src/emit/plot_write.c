/*
 * plot_write.c - see plot_write.h and plot_cairo.h (plot_write,
 * plot_check_format): a figure painted onto a PNG, SVG or PDF surface and
 * written under a temporary name, renamed into place; on SVG, its text kept
 * as <text> elements.
 */
#include "plot_cairo.h"
#include "plot_write.h"

#include <cairo.h>
#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

static const struct figure_rgb C_BG = { 1, 1, 1 };

static const cairo_user_data_key_t SVG_TEXT_KEY;

struct svg_text *plot_svg_text_of(cairo_t *cr)
{
	return cairo_get_user_data(cr, &SVG_TEXT_KEY);
}


static void svg_addf(struct svg_text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void svg_addf(struct svg_text *t, const char *fmt, ...)
{
	va_list ap;
	for (;;) {
		va_start(ap, fmt);
		int n = vsnprintf(t->buf + t->len, t->cap - t->len, fmt, ap);
		va_end(ap);
		if (n < 0) {
			t->failed = 1;
			return;
		}
		if ((size_t)n < t->cap - t->len) {
			t->len += (size_t)n;
			return;
		}
		t->cap = 2 * t->cap + (size_t)n + 256;
		t->buf = xrealloc(t->buf, t->cap);
	}
}

/* XML character data: & < > " escaped, nothing else changed (the caller's text is UTF-8). */
static void svg_add_escaped(struct svg_text *t, const char *s)
{
	for (; *s; s++) {
		switch (*s) {
		case '&': svg_addf(t, "&amp;"); break;
		case '<': svg_addf(t, "&lt;"); break;
		case '>': svg_addf(t, "&gt;"); break;
		case '"': svg_addf(t, "&quot;"); break;
		default: svg_addf(t, "%c", *s);
		}
	}
}

static void svg_colour(struct svg_text *t, const char *attr, struct figure_rgb c)
{
	svg_addf(t, " %s=\"#%02x%02x%02x\"", attr, (int)lround(c.r * 255), (int)lround(c.g * 255),
		 (int)lround(c.b * 255));
}

/* One <text> at cr's current point, in cr's font, size and rotation. */
void plot_svg_text_add(cairo_t *cr, struct svg_text *t, const char *text, struct figure_rgb col, int halo, double s)
{
	double x = 0, y = 0;
	if (cairo_has_current_point(cr))
		cairo_get_current_point(cr, &x, &y);
	cairo_text_extents_t te;
	cairo_text_extents(cr, text, &te);
	cairo_matrix_t m, fm;
	cairo_get_matrix(cr, &m);
	cairo_get_font_matrix(cr, &fm);
	double scale = sqrt(fabs(m.xx * m.yy - m.xy * m.yx));
	double size = hypot(fm.xx, fm.yx) * scale, angle = atan2(m.yx, m.xx) * 180 / M_PI;
	cairo_user_to_device(cr, &x, &y);
	cairo_font_face_t *ff = cairo_get_font_face(cr);
	int bold = cairo_font_face_get_type(ff) == CAIRO_FONT_TYPE_TOY &&
		   cairo_toy_font_face_get_weight(ff) == CAIRO_FONT_WEIGHT_BOLD;
	/*
	 * The halo is a copy of the text stroked in the background's colour
	 * under it (paint-order is not understood by every renderer), hidden
	 * from screen readers and selection so the text reads once.
	 */
	for (int pass = !halo; pass < 2; pass++) {
		svg_addf(t, "<text x=\"%.2f\" y=\"%.2f\" font-family=\"'DejaVu Sans', 'Bitstream Vera Sans', Verdana, "
			 "sans-serif\" font-size=\"%.2f\"%s textLength=\"%.2f\" lengthAdjust=\"spacingAndGlyphs\" "
			 "xml:space=\"preserve\"", x, y, size, bold ? " font-weight=\"bold\"" : "", te.x_advance * scale);
		if (fabs(angle) > 0.01)
			svg_addf(t, " transform=\"rotate(%.3f %.2f %.2f)\"", angle, x, y);
		if (pass == 0) {
			svg_colour(t, "fill", C_BG);
			svg_colour(t, "stroke", C_BG);
			svg_addf(t, " stroke-opacity=\"0.9\" stroke-width=\"%.2f\" stroke-linejoin=\"round\" "
				 "aria-hidden=\"true\" style=\"user-select:none\"", 2 * FIGURE_HALO * s);
		} else {
			svg_colour(t, "fill", col);
		}
		svg_addf(t, ">");
		svg_add_escaped(t, text);
		svg_addf(t, "</text>\n");
	}
}

/* ---- files ---------------------------------------------------------------------- */

/* Why the last write_fp failed (EFBIG under ulimit -f, ENOSPC): cairo keeps only "write error". */
static int write_fp_errno;

static cairo_status_t write_fp(void *closure, const unsigned char *data, unsigned int length)
{
	FILE *fp = closure;
	if (fwrite(data, 1, length, fp) == length)
		return CAIRO_STATUS_SUCCESS;
	write_fp_errno = errno;
	return CAIRO_STATUS_WRITE_ERROR;
}

/* cairo's SVG, held in memory so the <text> elements can go in before its </svg>. */
static cairo_status_t write_mem(void *closure, const unsigned char *data, unsigned int length)
{
	struct svg_text *t = closure;
	if (t->len + length + 1 > t->cap) {
		t->cap = 2 * t->cap + length + 4096;
		t->buf = xrealloc(t->buf, t->cap);
	}
	memcpy(t->buf + t->len, data, length);
	t->len += length;
	return CAIRO_STATUS_SUCCESS;
}

/* cairo's drawing up to its closing tag, the text elements, then the tag: -1 on a write error. */
static int svg_splice(FILE *fp, const struct svg_text *drawing, const struct svg_text *text)
{
	size_t end = drawing->len;
	static const char close[] = "</svg>";
	while (end >= sizeof close - 1 && memcmp(drawing->buf + end - (sizeof close - 1), close, sizeof close - 1) != 0)
		end--;
	if (end < sizeof close - 1)
		return -1;
	end -= sizeof close - 1;
	if (fwrite(drawing->buf, 1, end, fp) != end ||
	    (text->len && fwrite(text->buf, 1, text->len, fp) != text->len) ||
	    fwrite(drawing->buf + end, 1, drawing->len - end, fp) != drawing->len - end)
		return -1;
	return 0;
}

int plot_check_format(const char *format, char *err, size_t errlen)
{
	if (!format || (strcmp(format, "png") && strcmp(format, "svg") && strcmp(format, "pdf"))) {
		snprintf(err, errlen, "unknown figure format '%s' (png, svg or pdf)", format ? format : "");
		return -1;
	}
	return 0;
}

int plot_write(const struct plot_file *out, const char *pdf_title, void (*paint)(cairo_t *cr, void *ctx), void *ctx,
	       char *err, size_t errlen)
{
	const char *path = out->path, *format = out->format;
	int width = out->width, height = out->height;
	struct outfile o = { 0 };
	cairo_surface_t *surf = NULL;
	cairo_t *cr = NULL;
	cairo_status_t st = CAIRO_STATUS_SUCCESS;

	if (plot_check_format(format, err, errlen) != 0)
		return -1;
	if (outfile_open(&o, path, err, errlen) != 0)
		return -1;
	int png = strcmp(format, "png") == 0, svg = strcmp(format, "svg") == 0;
	struct svg_text drawing = { 0 }, text = { 0 };
	if (png) {
		surf = cairo_image_surface_create(CAIRO_FORMAT_RGB24, width, height);
	} else if (svg) {
		surf = cairo_svg_surface_create_for_stream(write_mem, &drawing, width, height);
		cairo_svg_surface_set_document_unit(surf, CAIRO_SVG_UNIT_PX);
	} else {
		surf = cairo_pdf_surface_create_for_stream(write_fp, o.fp, width, height);
		if (pdf_title) {
			cairo_pdf_surface_set_metadata(surf, CAIRO_PDF_METADATA_TITLE, pdf_title);
			cairo_pdf_surface_set_metadata(surf, CAIRO_PDF_METADATA_CREATOR, "roofline");
		}
	}
	if ((st = cairo_surface_status(surf)) != CAIRO_STATUS_SUCCESS)
		goto fail;
	cr = cairo_create(surf);
	if (svg)
		cairo_set_user_data(cr, &SVG_TEXT_KEY, &text, NULL);
	paint(cr, ctx);
	if ((st = cairo_status(cr)) != CAIRO_STATUS_SUCCESS)
		goto fail;
	if (text.failed) {
		st = CAIRO_STATUS_NO_MEMORY;
		goto fail;
	}
	cairo_destroy(cr);
	cr = NULL;
	if (png && (st = cairo_surface_write_to_png_stream(surf, write_fp, o.fp)) != CAIRO_STATUS_SUCCESS)
		goto fail;
	cairo_surface_finish(surf);
	if ((st = cairo_surface_status(surf)) != CAIRO_STATUS_SUCCESS)
		goto fail;
	cairo_surface_destroy(surf);
	surf = NULL;
	if (svg && svg_splice(o.fp, &drawing, &text) != 0) {
		st = CAIRO_STATUS_WRITE_ERROR;
		goto fail;
	}
	free(drawing.buf);
	free(text.buf);
	return outfile_commit(&o, err, errlen);

fail:
	free(drawing.buf);
	free(text.buf);
	snprintf(err, errlen, "cannot write %s: %s", path,
		 st == CAIRO_STATUS_WRITE_ERROR && write_fp_errno ? strerror(write_fp_errno)
		 : cairo_status_to_string(st));
	if (cr)
		cairo_destroy(cr);
	if (surf)
		cairo_surface_destroy(surf);
	outfile_abort(&o);
	return -1;
}

