echo $(echo $(echo $(echo deep)))
echo "$(echo "$(echo "quoted deep")")"
