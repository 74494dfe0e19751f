HOME=/h
echo ${x-~} ${x:-~/a:~/b} "${x-~}" ${x:-"~"}
