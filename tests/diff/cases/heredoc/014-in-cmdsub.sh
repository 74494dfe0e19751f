x=$(cat <<EOF
from heredoc in cmdsub
EOF
)
echo "[$x]"
