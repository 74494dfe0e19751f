unset u; echo "${!u}"; echo "status $?"
echo "next $?"
x='a b'; echo "${!x}"; echo "status $?"
echo end
