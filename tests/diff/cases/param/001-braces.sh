x=abc
echo "${x}def $x"
echo "${x}_suffix $x_suffix|"
