#!/usr/bin/env python3
"""tests/kernel/tiocsti.py — try to inject a byte into the controlling
terminal with TIOCSTI, plainly and with bits set above 32 in the request
(CVE-2019-10063), and report each errno: "plain=0 highbit=1" (0 = the
injection worked). Run it under pty_run.py so a controlling tty exists."""
import ctypes
import os
import termios

libc = ctypes.CDLL(None, use_errno=True)
libc.syscall.restype = ctypes.c_long
SYS_ioctl = 16  # x86_64
fd = os.open("/dev/tty", os.O_RDWR)
c = ctypes.c_char(b"#")
res = []
for name, req in (("plain", termios.TIOCSTI),
                  ("highbit", termios.TIOCSTI | (1 << 32))):
    r = libc.syscall(ctypes.c_long(SYS_ioctl), ctypes.c_long(fd),
                     ctypes.c_ulong(req), ctypes.byref(c))
    res.append("%s=%d" % (name, 0 if r == 0 else ctypes.get_errno()))
print("TIOCSTI " + " ".join(res))
