/*
 * fleet_pack.h - a run directory's files as one buffer and back: how each
 * rank's run travels to rank 0 over MPI (src/fleet/fleet_mpi.c), since the nodes
 * of a fleet share no disk. No MPI here, so the format is tested without it.
 *
 * The format: for every regular file of the directory and of its remarks/,
 * "F <path>\n<size>\n" then its bytes. Only names of letters, digits, '.',
 * '-' and '_' (not starting with '.'), at the top or under remarks/, are
 * unpacked: a pack cannot write outside the directory it is unpacked into.
 */
#ifndef ROOFLINE_FLEET_PACK_H
#define ROOFLINE_FLEET_PACK_H

#include <stddef.h>

#include "util.h"

/* Appends dir's files (top level and remarks/, which may be absent) to out. 0, or -1 with why. */
int fleet_pack_dir(const char *dir, struct buf *out, char *why, size_t whylen);

/* Writes a pack's files into dir, which it creates (with remarks/). 0, or -1 with why. */
int fleet_unpack(const char *data, size_t len, const char *dir, char *why, size_t whylen);

/* Removes a run directory: its files, those of its remarks/, both directories. */
void fleet_pack_remove(const char *dir);

#endif
