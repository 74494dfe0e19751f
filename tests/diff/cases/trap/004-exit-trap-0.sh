trap 'echo zero-trap' 0
echo body
