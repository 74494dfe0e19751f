echo 'in*' >'in*'
echo other >inA
cat <in*
