echo -- x
echo -e x
echo -nx y
echo - x
