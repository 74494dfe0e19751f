cat <<EOF
$(cat <<INNER
inner doc
INNER
)
EOF
