x='a-b-c'
echo "${x/-/_}" "${x//-/_}" "${x/#a/A}" "${x/%c/C}" "${x/#b/B}" "${x/%b/B}"
echo "${x//}" "${x/-}" "${x//-}" "${x/#/<}" "${x/%/>}" "${x//x/y}"
f='my file-name.tar.gz'; mv_to=${f//-/_}; echo "$mv_to" "${f// /_}" "${f/.tar.gz/.tgz}"
p=/usr/local/bin; echo "${p//\//:}" "${p////:}" "${p/#\/usr/~}"
