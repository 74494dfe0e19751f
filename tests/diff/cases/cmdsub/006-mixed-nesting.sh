echo $(echo `echo mixed1`)
echo `echo $(echo mixed2)`
