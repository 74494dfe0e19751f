# "then" where a condition is due
echo before
if then echo x; fi
echo after
