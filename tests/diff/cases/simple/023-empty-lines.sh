


echo after blank lines

