alias show='cat'
show <<EOF
alias then heredoc
EOF
