x=abc\
def
echo $x
if true; \
then echo ok; fi
