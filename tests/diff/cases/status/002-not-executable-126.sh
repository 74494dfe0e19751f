printf 'echo hi\n' > script
chmod 644 script
./script 2>/dev/null
echo $?
