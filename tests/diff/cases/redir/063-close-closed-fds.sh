<&- <&-
echo "status $?"
>&- >&-
echo "status $?"
