#MODES: file,c,stdin,pipe
# the error on the last line of a compound command: that line is shown
if true
then
  echo a
fi fi
echo after
