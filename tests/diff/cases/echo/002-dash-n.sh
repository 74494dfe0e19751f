echo -n abc
echo def
echo -n
echo end
