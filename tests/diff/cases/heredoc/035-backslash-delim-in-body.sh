cat <<EOF
a \\ b \$ c \` d
EOF
