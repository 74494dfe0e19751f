#!/usr/bin/python3
"""pty: line editing as a person types it.

Arrows and Ctrl-A/Ctrl-E edit a line; a SIGCHLD (a background job ending)
while typing keeps the half-typed line; Ctrl-C at the prompt discards the
line and the shell survives; vi mode (set -o vi) edits with vi keys;
~/.editrc is read; a PS2 continuation for an open quote and for if/fi.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "lib"))
from ptyhelp import Sh, done, ok, text  # noqa: E402

import time  # noqa: E402

LEFT, RIGHT, UP = "\x1b[D", "\x1b[C", "\x1b[A"

s = Sh.start()
# "echo world" → Ctrl-A, move right 5, insert "hello " → "echo hello world"
s.send("echo world")
s.ctrl("a")
s.send(RIGHT * 5 + "hello ")
s.ctrl("e")
s.send("!")
out, st = s.run("")
ok(text(out) == "hello world!\n", "arrows, Ctrl-A, Ctrl-E edit the line", out)

# Left arrow + backspace in the middle
s.send("echo abXc" + LEFT + "\x7f")
out, st = s.run("")
ok(text(out) == "abc\n", "left arrow and backspace", out)

# Multibyte characters (LANG=C.UTF-8): one backspace erases one character,
# not one byte, so the locale reached the line editor (the static build
# loads it itself, with no dynamic loader).
s.send("echo a\u00e9\u20acb" + "\x7f\x7f" + "x")
out, st = s.run("")
ok(text(out) == "a\u00e9x\n", "backspace erases a whole UTF-8 character", out)

# Up arrow recalls the previous line
s.send(UP)
out, st = s.run("")
ok(text(out) == "a\u00e9x\n", "up arrow recalls the last command", out)

# SIGCHLD while typing: start a short background job, type half a line,
# let the job end (SIGCHLD arrives mid-read), finish the line.
s.run("sleep 0.3 &")
s.send("echo half")
time.sleep(0.8)
s.send("-typed")
out, st = s.run("")
ok("half-typed" in text(out), "a SIGCHLD during typing keeps the line", out)
# The same with a CHLD trap: a handler that interrupts read() for sure.
s.run("trap ': chld' CHLD")
s.run("sleep 0.3 &")
s.send("echo trapped")
time.sleep(0.8)
s.send("-line")
out, st = s.run("")
ok("trapped-line" in text(out), "with a CHLD trap set, the line survives too", out)
s.run("trap - CHLD")

# Ctrl-C at the prompt: the line is dropped, the shell survives.
s.send("echo never")
s.ctrl("c")
s.prompt()
out, st = s.run("echo alive")
ok(text(out) == "alive\n" and b"never" not in out, "Ctrl-C discards the line; shell alive", out)

# PS2: an open quote, and if without fi.
s.send("echo 'a\r")
s.c.expect_exact(">"); s.prompt()
out, st = s.run("b'")
ok(text(out) == "a\nb\n", "PS2 for an open quote", out)
s.send("if true\r")
s.c.expect_exact(">"); s.prompt()
s.send("then echo in-if\r")
s.c.expect_exact(">"); s.prompt()
out, st = s.run("fi")
ok(text(out) == "in-if\n", "PS2 for if ... fi", out)

# Ctrl-C at a PS2 prompt drops the whole unfinished command.
s.send("echo 'never-printed\r")
s.c.expect(">"); s.prompt()
s.ctrl("c")
s.prompt()
out, st = s.run("echo $?")
ok(text(out) == "130\n", "Ctrl-C at PS2 abandons the command ($? 130)", out)
out, st = s.run("echo back-to-ps1")
ok(text(out) == "back-to-ps1\n", "after Ctrl-C at PS2 the next line is a new command", out)

# vi mode: ESC 0 (start of line) i (insert) ...
s.run("set -o vi")
s.send("echo vi-world\x1b0wi")
s.send("X")
out, st = s.run("")
ok(text(out) == "Xvi-world\n", "set -o vi: ESC, 0, w, i edit the line", out)
s.run("set -o emacs")
s.send("echo emacs-back")
s.ctrl("a")
s.send("\x1b[C" * 0)
out, st = s.run("")
ok(text(out) == "emacs-back\n", "set -o emacs restores emacs keys", out)
s.cleanup()

# ~/.editrc is read: bind Ctrl-T to insert nothing special... use a macro-free
# check: "bind -v" in .editrc starts the editor in vi mode.
s = Sh(backend=Sh.BACKEND)
with open(os.path.join(s.home, ".editrc"), "w") as f:
    f.write("bind -v\n")
s.close()
s2 = Sh.start(root=s.root)
s2.send("echo rc-vi\x1b0wi")
s2.send("Y")
out, st = s2.run("")
ok(text(out) == "Yrc-vi\n", "~/.editrc 'bind -v' gives vi keys", out)
s2.cleanup()
done()
