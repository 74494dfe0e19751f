printf '%c%c%c\n' abc def g
