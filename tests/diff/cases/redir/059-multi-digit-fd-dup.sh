echo data 57>f >&57
cat f
