unset u
echo "[$u]"
echo [$u]
