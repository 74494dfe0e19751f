awk 'BEGIN { for (i = 0; i < 3; i++) { s = ""; for (j = 0; j < 5000; j++) s = s "x"; print i s } }' >f
while read l; do echo ${#l}; done <f
