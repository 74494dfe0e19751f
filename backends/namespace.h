/* backends/namespace.h — the namespace backend (namespace.c). */
#ifndef SBX_NAMESPACE_H
#define SBX_NAMESPACE_H

#include "be_base.h"

extern const struct be_ops be_namespace;

#endif
