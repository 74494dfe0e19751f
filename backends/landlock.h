/* backends/landlock.h — the landlock backend (landlock.c). */
#ifndef SBX_LANDLOCK_H
#define SBX_LANDLOCK_H

#include "be_base.h"

extern const struct be_ops be_landlock;

#endif
