# A variable whose value is an expression is evaluated as one, as bash,
# ksh and mksh do (issue 15); POSIX only fixes the integer case and dash
# says "Illegal number" (deviations.txt).
x='1+2'
echo $((x * 2))
