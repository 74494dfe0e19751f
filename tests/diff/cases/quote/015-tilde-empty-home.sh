HOME=
echo "[~]" [~] 
x=~
echo "[$x]"
