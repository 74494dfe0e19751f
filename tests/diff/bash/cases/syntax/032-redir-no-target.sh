# a redirection without its target
echo a >
echo after
