echo -e 'a\tb'; echo -E 'a\tb'; echo 'a\tb'
echo -n x; echo -ne 'y\n'; echo -en 'z\n'; echo -neE 'w\n'; echo -eE 'v\n'; echo -Ee 'u\n'
echo -- -e; echo -; echo -x a; echo -e; echo -n; echo -nx; echo -e -n -E 'q\n'
echo -e x -n y
