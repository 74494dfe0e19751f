# NAME=(...) after a command word
echo x=(a b)
echo after
