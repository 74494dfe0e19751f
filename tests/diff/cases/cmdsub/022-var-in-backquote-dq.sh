v=val
echo "`echo "$v"`"
echo "`echo \"$v\"`"
