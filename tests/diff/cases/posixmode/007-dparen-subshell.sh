# --posix: (( is two subshells
((echo nested))
((echo a); echo b)
