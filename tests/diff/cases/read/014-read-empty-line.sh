printf '\nsecond\n' > f
{ read a; read b; } < f
echo "[$a] [$b]"
