echo `echo \`echo nested\``
x=`echo \`echo \\\`echo three\\\`\``
echo "$x"
