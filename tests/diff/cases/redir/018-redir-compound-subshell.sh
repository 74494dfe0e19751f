( echo sub1; echo sub2 ) > f
cat f
