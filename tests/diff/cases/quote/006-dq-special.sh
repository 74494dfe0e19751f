echo "tab	here" "nl
here"
echo "*" "?" "[a]"
echo "~"
