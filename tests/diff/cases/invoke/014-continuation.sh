echo a \
b \
c
x=1; \
echo "x=$x"
