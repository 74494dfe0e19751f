echo hello world
echo   spaced    out   words
echo
echo -n no-newline; echo
