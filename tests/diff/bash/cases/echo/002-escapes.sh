echo -e '\a\b\e\E\f\n\r\t\v\\|' | od -An -c
echo -e '\0101\01\0\08\0777\1234\101' | od -An -c
echo -e '\x41\x4g\xZ \x\x414' | od -An -c
echo -e '\u41\u00e9\U0001F600\u20AC' | od -An -c
LC_ALL=C.UTF-8; echo -e '\u00e9\U0001F600\u20AC\U110000' | od -An -c
echo -e 'a\cb'; echo -e 'c\q\z\'; echo -e 'x' '\c' 'y'; echo after
