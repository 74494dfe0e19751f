echo data 12>f >&12
cat f
