/*
 * fleet_dir.c - fleet.csv read and written, the nodes' runs loaded (fleet_dir.h).
 */
#include "fleet_dir.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "csvin.h"
#include "util.h"

static const char *const fleet_columns[] = { "node", "run", "cpu_model", "status" };
#define FLEET_NCOLUMNS 4

int fleet_dir_is(const char *dir)
{
	char *path = path_join(dir, "fleet.csv");
	struct stat st;
	int is = stat(path, &st) == 0 && S_ISREG(st.st_mode);
	free(path);
	return is;
}

void fleet_dir_safe_name(const char *name, char *out, size_t size)
{
	size_t n = 0;
	for (const char *s = name; s && *s && n + 1 < size; s++) {
		char c = *s;
		int ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' ||
			 c == '-' || c == '_';
		out[n++] = ok ? c : '_';
	}
	out[n] = '\0';
	if (n == 0 || strcmp(out, ".") == 0 || strcmp(out, "..") == 0)
		snprintf(out, size, "node");
}

struct reader {
	const char *path;
	struct fleet_dir *fd;
	int col[FLEET_NCOLUMNS];
	size_t cap;
};

/* A run path that stays inside the fleet directory: relative, no "..". */
static int run_path_ok(const char *run)
{
	if (!*run || run[0] == '/')
		return 0;
	for (const char *s = run; (s = strstr(s, "..")) != NULL; s += 2)
		if ((s == run || s[-1] == '/') && (s[2] == '\0' || s[2] == '/'))
			return 0;
	return 1;
}

static int fleet_row(void *ctx, size_t index, const struct csv_row *row, char *err, size_t errlen)
{
	struct reader *r = ctx;
	if (index == 0) {
		for (int i = 0; i < FLEET_NCOLUMNS; i++) {
			r->col[i] = csvin_column(row, fleet_columns[i]);
			if (r->col[i] < 0) {
				snprintf(err, errlen, "%s:1:1: no '%s' column (want node,run,cpu_model,status)", r->path,
					 fleet_columns[i]);
				return -1;
			}
		}
		return 0;
	}
	if (row->n == 1 && row->fields[0][0] == '\0')
		return 0;
	for (int i = 0; i < FLEET_NCOLUMNS; i++)
		if ((size_t)r->col[i] >= row->n) {
			snprintf(err, errlen, "%s:%zu:%zu: %zu cells, want at least %d", r->path,
				 row->line[0], row->column[row->n - 1], row->n, r->col[i] + 1);
			return -1;
		}
	const char *name = row->fields[r->col[0]], *run = row->fields[r->col[1]];
	char safe[64];
	fleet_dir_safe_name(name, safe, sizeof safe);
	if (strcmp(safe, name) != 0 || strlen(name) >= sizeof safe) {
		snprintf(err, errlen, "%s:%zu:%zu: node '%s': want letters, digits, '.', '-' and '_' (up to 63)",
			 r->path, row->line[r->col[0]], row->column[r->col[0]], name);
		return -1;
	}
	if (!run_path_ok(run) || strlen(run) >= sizeof r->fd->nodes->run) {
		snprintf(err, errlen, "%s:%zu:%zu: run '%s': want a path inside the fleet directory (nodes/<node>)",
			 r->path, row->line[r->col[1]], row->column[r->col[1]], run);
		return -1;
	}
	for (size_t i = 0; i < r->fd->n; i++)
		if (strcmp(r->fd->nodes[i].name, name) == 0) {
			snprintf(err, errlen, "%s:%zu:%zu: node '%s' listed twice", r->path, row->line[r->col[0]],
				 row->column[r->col[0]], name);
			return -1;
		}
	if (r->fd->n == FLEET_MAX_NODES) {
		snprintf(err, errlen, "%s:%zu:1: more than %d nodes", r->path, row->line[0], FLEET_MAX_NODES);
		return -1;
	}
	if (r->fd->n == r->cap) {
		r->cap = r->cap ? 2 * r->cap : 16;
		r->fd->nodes = xrealloc(r->fd->nodes, r->cap * sizeof *r->fd->nodes);
	}
	struct fleet_node *n = &r->fd->nodes[r->fd->n++];
	memset(n, 0, sizeof *n);
	snprintf(n->name, sizeof n->name, "%s", name);
	snprintf(n->run, sizeof n->run, "%s", run);
	snprintf(n->cpu_model, sizeof n->cpu_model, "%s", row->fields[r->col[2]]);
	snprintf(n->status, sizeof n->status, "%s", row->fields[r->col[3]]);
	return 0;
}

/*
 * 1 when run, followed through its symbolic links, is inside the fleet whose
 * own real path is fleet_real; else 0 and why in problem. A fleet unpacked
 * from someone else's archive may link nodes/x anywhere: fit would write there.
 */
static int inside(const char *fleet_real, const char *run, char *problem, size_t size)
{
	char *real = realpath(run, NULL);
	size_t n = fleet_real ? strlen(fleet_real) : 0;
	int ok = real && fleet_real && strncmp(real, fleet_real, n) == 0 &&
		 (real[n] == '/' || (n == 1 && fleet_real[0] == '/'));
	if (!ok)
		snprintf(problem, size, "%s resolves to %s, outside the fleet (a symbolic link?)", run,
			 real ? real : "a path that cannot be resolved");
	free(real);
	return ok;
}

int fleet_dir_load(const char *dir, struct fleet_dir *fd, char *err, size_t errlen)
{
	memset(fd, 0, sizeof *fd);
	fd->dir = xstrdup(dir);
	char *path = path_join(dir, "fleet.csv");
	struct reader r = { .path = path, .fd = fd };
	int rc = csvin_read(path, fleet_row, &r, err, errlen);
	if (rc == 0 && fd->n == 0) {
		snprintf(err, errlen, "%s: no node listed", path);
		rc = -1;
	}
	free(path);
	if (rc != 0) {
		fleet_dir_free(fd);
		return -1;
	}
	char *fleet_real = realpath(dir, NULL);
	for (size_t i = 0; i < fd->n; i++) {
		struct fleet_node *n = &fd->nodes[i];
		n->dir = path_join(dir, n->run);
		if (strcmp(n->status, "ok") != 0)
			continue;
		char why[512];
		struct stat st;
		if (stat(n->dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
			snprintf(n->problem, sizeof n->problem, "%s: no such run directory", n->dir);
			continue;
		}
		if (!inside(fleet_real, n->dir, n->problem, sizeof n->problem))
			continue;
		if (rundata_load(n->dir, &n->data, why, sizeof why) != 0) {
			snprintf(n->problem, sizeof n->problem, "%s", why);
			continue;
		}
		n->a = xcalloc(1, sizeof *n->a);
		if (analysis_build(&n->data, n->a, why, sizeof why) != 0) {
			snprintf(n->problem, sizeof n->problem, "%s: %s", n->dir, why);
			free(n->a);
			n->a = NULL;
			rundata_free(&n->data);
			continue;
		}
		n->loaded = 1;
	}
	free(fleet_real);
	return 0;
}

void fleet_dir_free(struct fleet_dir *fd)
{
	for (size_t i = 0; i < fd->n; i++) {
		struct fleet_node *n = &fd->nodes[i];
		if (n->loaded) {
			rundata_free(&n->data);
			free(n->a);
		}
		free(n->dir);
	}
	free(fd->nodes);
	free(fd->dir);
	memset(fd, 0, sizeof *fd);
}

struct fleet_member *fleet_dir_members(const struct fleet_dir *fd)
{
	struct fleet_member *m = xcalloc(fd->n + 1, sizeof *m);
	for (size_t i = 0; i < fd->n; i++) {
		m[i].name = fd->nodes[i].name;
		m[i].run = fd->nodes[i].loaded ? &fd->nodes[i].data : NULL;
		m[i].a = fd->nodes[i].loaded ? fd->nodes[i].a : NULL;
	}
	return m;
}

int fleet_dir_write_csv(const char *dir, const struct fleet_node *nodes, size_t n, char *err, size_t errlen)
{
	char *path = path_join(dir, "fleet.csv");
	struct outfile o;
	int rc = outfile_open(&o, path, err, errlen);
	free(path);
	if (rc != 0)
		return -1;
	fputs("node,run,cpu_model,status\n", o.fp);
	for (size_t i = 0; i < n; i++) {
		csv_field(o.fp, nodes[i].name);
		fputc(',', o.fp);
		csv_field(o.fp, nodes[i].run);
		fputc(',', o.fp);
		csv_field(o.fp, nodes[i].cpu_model);
		fputc(',', o.fp);
		csv_field(o.fp, nodes[i].status);
		fputc('\n', o.fp);
	}
	return outfile_commit(&o, err, errlen);
}
