/*
 * fleet_pack.c - a run directory's files as one buffer and back (fleet_pack.h).
 */
#include "fleet_pack.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* A path from a pack: a file of the run directory or of its remarks/, nothing else. */
static int pack_path_ok(const char *rel)
{
	const char *name = strncmp(rel, "remarks/", 8) == 0 ? rel + 8 : rel;
	if (!*name || name[0] == '.')
		return 0;
	for (const char *s = name; *s; s++)
		if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9') || *s == '.' ||
		      *s == '-' || *s == '_'))
			return 0;
	return 1;
}

/* Appends "F <rel>\n<size>\n<bytes>" for every regular file of dir/sub (sub "" or "remarks"). */
static int pack_sub(struct buf *b, const char *dir, const char *sub, char *why, size_t whylen)
{
	char *path = *sub ? path_join(dir, sub) : xstrdup(dir);
	DIR *d = opendir(path);
	if (!d) {
		int missing = errno == ENOENT && *sub;
		snprintf(why, whylen, "cannot read %s: %s", path, strerror(errno));
		free(path);
		return missing ? 0 : -1;
	}
	int rc = 0;
	for (struct dirent *e; rc == 0 && (e = readdir(d)) != NULL;) {
		char *rel = xasprintf("%s%s%s", sub, *sub ? "/" : "", e->d_name);
		int ok = pack_path_ok(rel);
		free(rel);
		/* Only what unpacking accepts: hidden and oddly named files are no part of a run */
		if (!ok)
			continue;
		char *file = path_join(path, e->d_name);
		struct stat st;
		if (stat(file, &st) == 0 && S_ISREG(st.st_mode)) {
			/* The one capped reader every input goes through (util.h). */
			char *data = NULL;
			size_t got = 0;
			if (read_file_capped(file, &data, &got, why, whylen) != 0) {
				rc = -1;
			} else {
				buf_addf(b, "F %s%s%s\n%zu\n", sub, *sub ? "/" : "", e->d_name, got);
				buf_add(b, data, got);
			}
			free(data);
		}
		free(file);
	}
	closedir(d);
	free(path);
	return rc;
}

/* Writes a pack's files into dir (made here). 0, or -1 with why. */
int fleet_unpack(const char *data, size_t len, const char *dir, char *why, size_t whylen)
{
	char *remarks = path_join(dir, "remarks");
	int rc = mkdir(dir, 0777) == 0 && mkdir(remarks, 0777) == 0 ? 0 : -1;
	if (rc != 0)
		snprintf(why, whylen, "cannot create %s: %s", dir, strerror(errno));
	free(remarks);
	size_t at = 0;
	while (rc == 0 && at < len) {
		char rel[256];
		size_t size = 0;
		int used = 0;
		const char *head = data + at;
		const char *end = memchr(head, '\n', len - at);
		const char *end2 = end ? memchr(end + 1, '\n', len - (size_t)(end + 1 - data)) : NULL;
		/* The two header lines parsed from a terminated copy: the pack's bytes end nowhere. */
		char line[300];
		size_t head_len = end2 ? (size_t)(end2 + 1 - head) : 0;
		if (end2 && head_len < sizeof line) {
			memcpy(line, head, head_len);
			line[head_len] = '\0';
		}
		if (!end || !end2 || end - head > 250 || head_len >= sizeof line ||
		    sscanf(line, "F %255[^\n]\n%zu\n%n", rel, &size, &used) != 2 ||
		    head + used != end2 + 1 || size > len - at - (size_t)used || !pack_path_ok(rel)) {
			snprintf(why, whylen, "a node's files arrived malformed at byte %zu", at);
			rc = -1;
			break;
		}
		char *path = path_join(dir, rel);
		FILE *fp = fopen(path, "wb");
		if (!fp || fwrite(head + used, 1, size, fp) != size || fclose(fp) != 0) {
			snprintf(why, whylen, "cannot write %s: %s", path, strerror(errno));
			rc = -1;
			fp = NULL;
		}
		free(path);
		at += (size_t)used + size;
	}
	return rc;
}

void fleet_pack_remove(const char *dir)
{
	const char *subs[] = { "remarks", "" };
	for (int k = 0; k < 2; k++) {
		char *path = *subs[k] ? path_join(dir, subs[k]) : xstrdup(dir);
		DIR *d = opendir(path);
		for (struct dirent *e; d && (e = readdir(d)) != NULL;) {
			if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
				continue;
			char *file = path_join(path, e->d_name);
			unlink(file);
			free(file);
		}
		if (d)
			closedir(d);
		rmdir(path);
		free(path);
	}
}

int fleet_pack_dir(const char *dir, struct buf *out, char *why, size_t whylen)
{
	return pack_sub(out, dir, "", why, whylen) == 0 && pack_sub(out, dir, "remarks", why, whylen) == 0 ? 0 : -1;
}
