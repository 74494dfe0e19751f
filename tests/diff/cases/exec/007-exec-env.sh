x=1 exec sh -c 'echo "x=$x"'
