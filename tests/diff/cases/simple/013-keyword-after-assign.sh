x=1 echo if
echo done
