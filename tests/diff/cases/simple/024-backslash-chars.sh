echo \a\b\c
echo a\ b
echo \\
echo \$x \`
