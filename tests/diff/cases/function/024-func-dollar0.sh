f() { case $0 in *.sh|sh|*/*) echo "\$0 unchanged";; *) echo "\$0=$0";; esac; }
f
