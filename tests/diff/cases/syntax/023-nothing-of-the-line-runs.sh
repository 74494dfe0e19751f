echo before
echo first; x=(touch made-by-paren) ; echo last
echo never
