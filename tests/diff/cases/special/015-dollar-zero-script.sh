case $0 in */*.sh) echo "script path" ;; *) echo "other: $0" ;; esac
