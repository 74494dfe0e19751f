touch a- ab ']' 'b!' c
echo [\-]*
echo *[\]]*
echo [\!a]*
echo [a\-c]*
