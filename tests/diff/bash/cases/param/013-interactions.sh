x=a-b-c y='&' z='A B'
cat <<END
${x//-/_} ${x:1:3} ${x^^} ${x/#a/$z}
END
echo "${x/a/$y}" ${x/a/$y} "${x/a/"$y"}" "${x/a/\$y}"
echo "${x/b/$z}" ${x/b/$z}; printf '<%s>\n' ${x/b/$z}
for f in pre-{1,2}.txt; do echo "${f%.txt}" "${f//-/_}" "${f^^}"; done
echo "$(echo ${x//-/ })" "${x//$(echo -)/+}" "${x//[[:punct:]]/}"
name=file.tar.gz; echo "${name%%.*}" "${name#*.}" "${name/.tar/}" "${name:0:4}" "${name: -3}"
set -- one two three; echo "${#1}" "${1:1}" "${2^}" "${@: -2:1}" "$#"
w=$'\t'tab; echo "${w@Q}"
