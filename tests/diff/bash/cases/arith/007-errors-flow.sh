# what an error in $((...)) drops: the rest of the line (a function, a
# loop, a list); a subshell and $(...) end with status 1
f() { echo $((1/0)); echo in-f; }; f; echo after-f
echo "next $?"
for k in 1 2; do echo $((k/0)); echo loop; done; echo after-loop
echo "next $?"
echo $((1/0)) && echo and-list || echo or-list
echo "next $?"
(echo $((1/0)); echo in-sub); echo "sub $?"
x=$(echo $((1/0)); echo in-cmdsub); echo "cs $? [$x]"
if (( 1/0 )); then echo then; else echo "else $?"; fi
while (( 1/0 )); do echo body; break; done; echo "while $?"
z=$((1/0)); echo "dropped"
echo "next $? z=$z"
y='1+'; echo $((y + 1)); echo "dropped"
y=08; echo $((y)); echo "dropped"
echo end
