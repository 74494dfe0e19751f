{ false; } || echo brace-or
( true ) && echo sub-and
if true; then false; fi || echo if-or
