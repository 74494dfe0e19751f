alias echo='echo [aliased]'
echo text
alias ls='ls -d'
\echo plain
