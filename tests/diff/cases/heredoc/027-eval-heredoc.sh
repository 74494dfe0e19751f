eval 'cat <<EOF
from eval
EOF'
