q="it's a \"t\""; x=plain; e=''
echo "${q@Q}" "${x@Q}" "${e@Q}" "[${u@Q}]"
t=$(printf 'a\tb\001c'); echo "${t@Q}"
n=$(printf 'l1\nl2'); echo "${n@Q}"
esc='a\tb\x41\101'; echo "${esc@E}"
y='hello World'; echo "${y@U}" "${y@u}" "${y@L}"
eval "r=${q@Q}"; [ "$r" = "$q" ] && echo round-trip
