export A=1
B=2
export B
C=3
sh -c 'echo "${A-} ${B-} ${C-unset}"'
