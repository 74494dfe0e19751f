printf -- '%s\n' -x
printf '%s\n' --
