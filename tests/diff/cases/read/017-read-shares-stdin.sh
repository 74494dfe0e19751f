printf 'l1\nl2\nl3\n' > f
{ read a; head -n 1; read c; } < f
echo "[$a] [$c]"
