/* main.c - placeholder while the commands are written. */
#include <stdio.h>

#include "registry.h"

int main(void)
{
	printf("%zu kernels\n", registry_count());
	return 0;
}
