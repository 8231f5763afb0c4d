/*
 * plotargs.h - the values of plot's options (and report's --format), checked: each function returns
 * the value or ends the program with one "roofline: plot: ..." line and
 * exit status 2 (bad usage).
 */
#ifndef ROOFLINE_PLOTARGS_H
#define ROOFLINE_PLOTARGS_H

/* --size WxH: 400x300 to 10000x10000 pixels, into *w and *h. */
void plotargs_size(const char *arg, int *w, int *h);

/* cmd's --threads N: one positive thread count (whether the run has it is the caller's to say). */
int plotargs_threads(const char *cmd, const char *arg);

/* --title TEXT: UTF-8 without control characters, 1 to PLOT_TITLE_MAX characters; returns t. */
const char *plotargs_title(const char *t);

/* report's --format LIST: a comma list of md and html, at least one, into *md and *html (1: wanted). */
void plotargs_report_formats(const char *list, int *md, int *html);

#endif
