echo before
if true; then
fi
