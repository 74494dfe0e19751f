trap 'echo "a"'"'b'"'\c' USR1
trap >printed
trap - USR1
. ./printed
kill -s USR1 $$
