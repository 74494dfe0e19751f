echo hello | tr a-z A-Z
printf 'c\nb\na\n' | sort | head -n 2
