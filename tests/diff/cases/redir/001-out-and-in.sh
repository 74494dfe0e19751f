echo hello > f
cat < f
cat f
