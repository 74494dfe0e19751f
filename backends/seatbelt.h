/* backends/seatbelt.h — the seatbelt backend (seatbelt.c, the profiles
 * helper's). */
#ifndef SBX_SEATBELT_H
#define SBX_SEATBELT_H

#include "be_base.h"

/* A stub failing closed off macOS. On Linux be_lookup() does not offer
 * it; be_confine() answers "seatbelt" with its own message. */
extern const struct be_ops be_seatbelt;

#endif
