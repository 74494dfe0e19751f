echo $ "$" '$'
x=1
echo $x$ a$
