A=1 B=$A env | grep -E '^(A|B)=' | sort
