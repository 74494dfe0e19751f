for i in 1; do break; done
echo "$?"
for i in 1 2; do continue; done
echo "$?"
