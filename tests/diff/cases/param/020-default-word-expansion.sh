unset u
echo ${u:-$(echo cmdsub)}
echo ${u:-$((2 * 3))}
echo ${u:-~}
HOME=/h
echo ${u:-~/x}
