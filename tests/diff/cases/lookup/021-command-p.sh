command -pv ls
command -p ls / >/dev/null && echo ran
