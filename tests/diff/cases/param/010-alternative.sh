unset u; e=; s=v
echo "[${u:+alt}] [${e:+alt}] [${s:+alt}]"
echo "[${u+alt}] [${e+alt}] [${s+alt}]"
