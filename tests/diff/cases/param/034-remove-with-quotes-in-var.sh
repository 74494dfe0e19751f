x='"quoted"'
echo "${x#\"}"
echo "${x%'"'}"
