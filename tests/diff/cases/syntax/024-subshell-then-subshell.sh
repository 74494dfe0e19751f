echo before
(echo a) (echo b)
echo never
