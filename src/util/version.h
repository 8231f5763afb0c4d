/*
 * version.h - the program's version, the one definition: `roofline
 * --version`, the man page and env.csv's roofline_version all print it.
 * A packager may override it with -DROOFLINE_VERSION='"x.y.z"'.
 */
#ifndef ROOFLINE_VERSION_H
#define ROOFLINE_VERSION_H

#ifndef ROOFLINE_VERSION
#define ROOFLINE_VERSION "0.1.0"
#endif

#endif
