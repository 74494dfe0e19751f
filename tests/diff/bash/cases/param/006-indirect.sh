a=hello n=a; echo "${!n}" "${!n^^}" "${!n:-d}" "${!n/l/L}" "${#n}"
m=unset_var; echo "[${!m}]" "[${!m:-dflt}]"
set -- p q r; k=2; echo "${!k}" "${!#}"
aa1=1 aa2=2 ab=3; echo "${!aa*}" "${!aa@}" "${!a*}"
for v in "${!aa@}"; do echo "<$v>"; done
printf '<%s>\n' "${!aa*}"
echo "[${!zzz*}]"
